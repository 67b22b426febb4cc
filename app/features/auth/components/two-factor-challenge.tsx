import Loader2Icon from "lucide-react/icons/loader-circle";
import ShieldCheckIcon from "lucide-react/icons/shield-check";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { Link, useActionData, useFetcher, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toast";
import { authState } from "../auth-state";
import { defaultSignedInPath, signInPath } from "../safe-redirect";
import type { TwoFactorChallengeResult } from "../two-factor.server";
import { AuthAlert } from "./auth-alert";
import { AuthCard } from "./auth-card";
import { AuthField } from "./auth-field";
import { useHydrated } from "~/lib/use-hydrated";

/** Asks for the app code (or a backup code) after a correct password. */
export function TwoFactorChallenge({ method, redirectTo }: { method: "totp" | "backup"; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<TwoFactorChallengeResult>({ key: "two-factor" });
  const actionData = useActionData<TwoFactorChallengeResult>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const handled = useRef<unknown>(null);
  const result = fetcher.data ?? actionData;
  const submitting = fetcher.state !== "idle";
  const backup = method === "backup";
  const query = redirectTo === defaultSignedInPath ? "" : `redirectTo=${encodeURIComponent(redirectTo)}`;
  const otherMethod = `/auth/two-factor?${[backup ? "" : "method=backup", query].filter(Boolean).join("&")}`.replace(
    /\?$/,
    "",
  );

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      authState.announce("MFA_CHALLENGE_VERIFIED");
      authState.setLoading();
      showToast({ title: t("toasts.welcomeTitle"), description: t("toasts.welcomeBody") });
      void navigate(answer.next);
    } else if (answer.error) {
      showToast({
        title: t("toasts.authErrorTitle"),
        description: t(`errors.${answer.error.code}`),
        variant: "destructive",
      });
    }
  }, [fetcher.state, fetcher.data, navigate, t]);

  if (result && !result.ok && result.restart) {
    return (
      <AuthCard heading={t("twoFactor.heading")}>
        <AuthAlert title={t("toasts.authErrorTitle")}>
          {t(`errors.${result.error?.code ?? "TWO_FACTOR_EXPIRED"}`)}
        </AuthAlert>
        <Button asChild size="lg">
          <Link to={signInPath(redirectTo)}>{t("twoFactor.restart")}</Link>
        </Button>
      </AuthCard>
    );
  }

  const codeError =
    result && !result.ok
      ? (result.fieldErrors?.code ?? (result.error && !fetcher.data ? result.error.code : undefined))
      : undefined;
  return (
    <AuthCard
      heading={t("twoFactor.heading")}
      intro={backup ? t("twoFactor.backupIntro") : t("twoFactor.intro")}
      footer={
        <Link to={signInPath(redirectTo)} className="font-medium text-primary underline-offset-4 hover:underline">
          {t("twoFactor.cancel")}
        </Link>
      }
    >
      <div className="flex justify-center">
        <ShieldCheckIcon className="size-12 text-primary" aria-hidden="true" />
      </div>
      <fetcher.Form method="post" className="grid gap-4">
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        <AuthField
          name="code"
          label={backup ? t("twoFactor.backupLabel") : t("twoFactor.codeLabel")}
          autoComplete="one-time-code"
          inputMode={backup ? "text" : "numeric"}
          pattern={backup ? undefined : "[0-9 ]*"}
          autoFocus
          required
          className="text-center font-mono text-lg tracking-widest"
          error={codeError}
        />
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {submitting ? t("twoFactor.verifying") : t("twoFactor.verify")}
        </Button>
      </fetcher.Form>
      <Link
        to={otherMethod}
        className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {backup ? t("twoFactor.useApp") : t("twoFactor.useBackup")}
      </Link>
    </AuthCard>
  );
}
