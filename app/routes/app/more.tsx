import ChevronRightIcon from "lucide-react/icons/chevron-right";
import LogOutIcon from "lucide-react/icons/log-out";
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { signOutAction } from "~/components/layout/header-auth";
import { Button } from "~/components/ui/button";
import { moreItems, navLabelKey, shownNavItems } from "~/features/household/components/app-shell";
import { useAppShell } from "~/features/household/components/use-app-shell";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";

export const handle = { i18n: ["app"] };

export const ErrorBoundary = AppErrorBoundary;

/**
 * The phone's "More" tab: every screen without a tab of its own, with a line on what it is for, and signing out
 * (the sidebar that holds it on wider screens is hidden on phones). The layout's loader has already checked the
 * session; this page shows nothing of the household's data.
 */
export default function More() {
  const { t } = useTranslation("app");
  const { plansApply, household } = useAppShell();
  return (
    <div className="flex flex-col gap-5">
      <title>{`${t("nav.moreTitle")} · Samen`}</title>
      <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("nav.moreTitle")}</h1>
      <nav aria-label={t("nav.moreTitle")}>
        <ul className="divide-y overflow-hidden rounded-xl border bg-card">
          {shownNavItems(moreItems, plansApply).map((item) => (
            <li key={item.key}>
              <Link
                to={item.to}
                prefetch="intent"
                className="flex min-h-16 items-center gap-4 px-4 py-3 transition-colors hover:bg-secondary focus-visible:bg-secondary"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <item.icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{t(`nav.${navLabelKey(item.key, household.plan)}`)}</span>
                  <span className="block text-sm text-muted-foreground">{t(`nav.describe.${item.key}`)}</span>
                </span>
                <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" action={signOutAction}>
        <Button type="submit" variant="outline" size="lg" className="w-full sm:w-auto">
          <LogOutIcon aria-hidden="true" />
          {t("nav.signOut")}
        </Button>
      </Form>
    </div>
  );
}
