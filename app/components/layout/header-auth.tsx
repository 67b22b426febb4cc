import LogOutIcon from "lucide-react/icons/log-out";
import UserRoundIcon from "lucide-react/icons/user-round";
import { useTranslation } from "~/i18n/react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { useOptionalUser } from "~/features/auth/use-user";
import { AppLink } from "~/features/marketing/components/app-link";
import { useRootData } from "~/features/platform/use-root-data";
import { cn } from "~/lib/cn";

/** The action the accounts area implements; a plain form POST, so signing out works before JavaScript loads. */
export const signOutAction = "/auth/sign-out";

interface HeaderAuthProps {
  /** Stacked full-width buttons for the mobile menu, a row for the header. */
  layout: "row" | "stack";
  onNavigate?: () => void;
}

/** Signed out: Login and Start free. Signed in: the user's e-mail and Sign out. */
export function HeaderAuth({ layout, onNavigate }: HeaderAuthProps) {
  const { t } = useTranslation();
  const rootData = useRootData();
  const user = useOptionalUser();
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === signOutAction;
  const stack = layout === "stack";

  // The session is read by the root loader, so the server already knows who is signed in; only
  // without root data (an error page) is the state unknown, and then we hold the space quietly.
  if (rootData === undefined) {
    return (
      <div className={cn("flex gap-2", stack && "flex-col")} role="status" aria-label={t("actions.loading")}>
        <Skeleton className={cn("h-9 w-20", stack && "h-11 w-full")} />
        <Skeleton className={cn("h-9 w-28", stack && "h-11 w-full")} />
      </div>
    );
  }

  if (user) {
    return (
      <div className={cn("flex items-center gap-2", stack && "flex-col items-stretch gap-3")}>
        <p
          className={cn("flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground", !stack && "max-w-56")}
          title={t("nav.signedInAs", { email: user.email })}
        >
          <UserRoundIcon aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">{t("nav.signedInAs", { email: user.email })}</span>
          <span aria-hidden="true" className="truncate">
            {user.email}
          </span>
        </p>
        <Form method="post" action={signOutAction} onSubmit={onNavigate} className={cn(stack && "w-full")}>
          <Button
            type="submit"
            variant="outline"
            size={stack ? "lg" : "sm"}
            disabled={signingOut}
            className={cn(stack && "w-full")}
          >
            <LogOutIcon aria-hidden="true" />
            {signingOut ? t("nav.signingOut") : t("nav.signOut")}
          </Button>
        </Form>
      </div>
    );
  }

  return (
    <div className={cn("flex items-center gap-2", stack && "flex-col items-stretch gap-3")}>
      <Button asChild variant={stack ? "outline" : "ghost"} size={stack ? "lg" : "sm"}>
        <AppLink to="/auth" onClick={onNavigate}>
          {t("nav.login")}
        </AppLink>
      </Button>
      <Button asChild size={stack ? "lg" : "sm"}>
        <AppLink to="/signup" onClick={onNavigate}>
          {t("nav.startFree")}
        </AppLink>
      </Button>
    </div>
  );
}
