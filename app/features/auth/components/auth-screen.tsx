import Loader2Icon from "lucide-react/icons/loader-circle";
import MailCheckIcon from "lucide-react/icons/mail-check";
import UsersIcon from "lucide-react/icons/users";
import { useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "~/i18n/react";
import { Link, useActionData, useFetcher, useNavigate, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toast";
import type { AuthScreenResult } from "../auth-screen.server";
import { authState } from "../auth-state";
import type { AuthErrorCode } from "../auth-errors";
import { passwordMinLength } from "../password-rules";
import { defaultSignedInPath } from "../safe-redirect";
import { AuthAlert } from "./auth-alert";
import { AuthCard } from "./auth-card";
import { AuthField } from "./auth-field";
import { useHydrated } from "~/lib/use-hydrated";

export type AuthMode = "sign-in" | "sign-up";

function withRedirect(path: string, redirectTo: string): string {
  return redirectTo === defaultSignedInPath ? path : `${path}?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** The invitation a visitor followed here, as the sign-in loader read it from `redirectTo`. */
export interface AuthInvitation {
  inviterName: string;
  householdName: string;
  canEdit: boolean;
  email: string;
}

/** The combined sign-in / create-account screen (spec section 2): one component, the mode toggled by a link. */
export function AuthScreen({
  mode,
  redirectTo,
  invitation = null,
}: {
  mode: AuthMode;
  redirectTo: string;
  invitation?: AuthInvitation | null;
}) {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<AuthScreenResult>({ key: `auth-${mode}` });
  const actionData = useActionData<AuthScreenResult>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [mismatch, setMismatch] = useState(false);
  const handled = useRef<unknown>(null);

  const result = fetcher.data ?? actionData;
  const fromScript = fetcher.data !== undefined;
  const submitting = fetcher.state !== "idle";
  const signUp = mode === "sign-up";
  // A successful sign-in moves on to the app; meanwhile the session is loading.
  const proceeding = fetcher.data?.ok === true && fetcher.data.intent === "sign-in";

  // Answers to the script's own posts: toasts, then on to the app (no full reload).
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) {
      if (answer.error) {
        showToast({
          title: t("toasts.authErrorTitle"),
          description: t(`errors.${answer.error.code}`, {
            count: Math.ceil((answer.error.retryAfterSeconds ?? 60) / 60),
          }),
          variant: "destructive",
        });
      } else {
        const first = Object.values(answer.fieldErrors ?? {})[0];
        if (first)
          showToast({ title: t("toasts.errorTitle"), description: t(`errors.${first}`), variant: "destructive" });
      }
      return;
    }
    if (answer.intent === "sign-in") {
      // The welcome comes with the page it lands on (the answer set the one-time notice cookie).
      authState.setLoading();
      void navigate(answer.next);
    } else if (answer.intent === "sign-up") {
      showToast({ title: t("toasts.accountCreatedTitle"), description: t("toasts.accountCreatedBody") });
    }
  }, [fetcher.state, fetcher.data, navigate, t]);

  if (result?.ok && (result.intent === "sign-up" || result.intent === "resend-verification")) {
    return <CheckInbox email={result.email} redirectTo={redirectTo} resent={result.intent === "resend-verification"} />;
  }

  if (proceeding || (navigation.state === "loading" && result?.ok)) {
    return (
      <AuthCard heading={t("screen.signInHeading")}>
        <div role="status" className="flex items-center justify-center gap-3 py-8 text-muted-foreground">
          <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
          {t("screen.loading")}
        </div>
      </AuthCard>
    );
  }

  const fieldErrors: Partial<Record<string, AuthErrorCode>> = (result && !result.ok && result.fieldErrors) || {};
  const confirmError: AuthErrorCode | undefined = mismatch ? "PASSWORDS_DONT_MATCH" : fieldErrors.confirmPassword;
  // Without JavaScript the card shows every refusal; with it a toast does, and the card keeps the one that lasts (the
  // database out of reach) so the reason stays in view while the person waits.
  const serviceError =
    result && !result.ok && (!fromScript || result.error?.code === "DATABASE_UNAVAILABLE") ? result.error : undefined;
  const unverified = result && !result.ok && result.error?.code === "EMAIL_NOT_VERIFIED";

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!signUp) return;
    const form = new FormData(event.currentTarget);
    if (form.get("password") !== form.get("confirmPassword")) {
      // Spec section 5: the mismatch is reported here and nothing is sent.
      event.preventDefault();
      setMismatch(true);
      showToast({
        title: t("toasts.errorTitle"),
        description: t("errors.PASSWORDS_DONT_MATCH"),
        variant: "destructive",
      });
      return;
    }
    setMismatch(false);
  }

  return (
    <AuthCard
      heading={signUp ? t("screen.signUpHeading") : t("screen.signInHeading")}
      intro={signUp ? t("screen.signUpIntro") : t("screen.signInIntro")}
      footer={
        <p>
          {signUp ? t("screen.haveAccount") : t("screen.noAccount")}{" "}
          <Link
            to={withRedirect(signUp ? "/auth" : "/signup", redirectTo)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {signUp ? t("screen.signInLink") : t("screen.signUpLink")}
          </Link>
        </p>
      }
    >
      {invitation && (
        <div
          className="flex gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm"
          data-testid="auth-invitation"
        >
          <UsersIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">
              {t("invitation.heading", { inviter: invitation.inviterName, household: invitation.householdName })}
            </p>
            <p className="text-muted-foreground">
              {t(invitation.canEdit ? "invitation.edit" : "invitation.view", { email: invitation.email })}
            </p>
          </div>
        </div>
      )}
      {serviceError && (
        <AuthAlert title={t("toasts.authErrorTitle")}>
          {t(`errors.${serviceError.code}`, { count: Math.ceil((serviceError.retryAfterSeconds ?? 60) / 60) })}
        </AuthAlert>
      )}
      {unverified && fromScript && (
        <AuthAlert title={t("toasts.authErrorTitle")}>{t("errors.EMAIL_NOT_VERIFIED")}</AuthAlert>
      )}
      <fetcher.Form method="post" className="grid gap-4" noValidate={false} onSubmit={onSubmit} aria-busy={submitting}>
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        {signUp && (
          <AuthField
            name="name"
            label={t("screen.fullName")}
            hint={t("screen.fullNameHint")}
            autoComplete="name"
            maxLength={100}
            error={fieldErrors.name}
          />
        )}
        <AuthField
          name="email"
          type="email"
          label={t("screen.email")}
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={result && !result.ok ? result.email : invitation?.email}
          error={fieldErrors.email}
        />
        <AuthField
          name="password"
          type="password"
          label={t("screen.password")}
          autoComplete={signUp ? "new-password" : "current-password"}
          required
          minLength={signUp ? passwordMinLength : undefined}
          hint={signUp ? t("screen.passwordHint") : undefined}
          revealable
          error={fieldErrors.password}
          labelAside={
            signUp ? undefined : (
              <Link
                to="/forgot-password"
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {t("screen.forgotPassword")}
              </Link>
            )
          }
        />
        {signUp && (
          <AuthField
            name="confirmPassword"
            type="password"
            label={t("screen.confirmPassword")}
            autoComplete="new-password"
            required
            revealable
            error={confirmError}
            onChange={() => mismatch && setMismatch(false)}
          />
        )}
        {signUp && (
          <p className="text-sm text-muted-foreground">
            <Trans
              t={t}
              i18nKey="screen.consent"
              components={{
                terms: <Link to="/terms" className="font-medium text-primary underline underline-offset-4" />,
                privacy: <Link to="/privacy" className="font-medium text-primary underline underline-offset-4" />,
              }}
            />
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {signUp
            ? submitting
              ? t("screen.creatingAccount")
              : t("screen.signUp")
            : submitting
              ? t("screen.signingIn")
              : t("screen.signIn")}
        </Button>
      </fetcher.Form>
    </AuthCard>
  );
}

/** After sign-up: where the confirmation link went, and a way to send it again. */
function CheckInbox({ email, redirectTo, resent }: { email: string; redirectTo: string; resent: boolean }) {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<AuthScreenResult>({ key: "auth-resend" });
  const hydrated = useHydrated();
  const submitting = fetcher.state !== "idle";
  const answer = fetcher.data;
  const sentAgain = resent || (answer?.ok === true && answer.intent === "resend-verification");
  const resendError = answer && !answer.ok ? answer.error : undefined;
  return (
    <AuthCard
      heading={t("screen.checkInbox.heading")}
      footer={
        <Link
          to={withRedirect("/auth", redirectTo)}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("screen.checkInbox.back")}
        </Link>
      }
    >
      <div className="flex justify-center">
        <MailCheckIcon className="size-12 text-primary" aria-hidden="true" />
      </div>
      <p className="text-center">{t("screen.checkInbox.body", { email })}</p>
      <p className="text-center text-sm text-muted-foreground">{t("screen.checkInbox.noMail")}</p>
      {sentAgain && (
        <AuthAlert tone="success" title={t("screen.checkInbox.resentTitle")}>
          {t("screen.checkInbox.resent")}
        </AuthAlert>
      )}
      {resendError && (
        <AuthAlert title={t("toasts.authErrorTitle")}>{t(`errors.${resendError.code}`, { count: 15 })}</AuthAlert>
      )}
      <fetcher.Form method="post" action={withRedirect("/auth", redirectTo)} className="grid">
        <input type="hidden" name="intent" value="resend-verification" />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        <Button type="submit" variant="outline" disabled={submitting}>
          {submitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {t("screen.checkInbox.resend")}
        </Button>
      </fetcher.Form>
    </AuthCard>
  );
}
