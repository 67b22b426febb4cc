import Loader2Icon from "lucide-react/icons/loader-circle";
import { useTranslation } from "~/i18n/react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { AuthScreenResult } from "../auth-screen.server";
import { defaultSignedInPath } from "../safe-redirect";
import { AuthAlert } from "./auth-alert";
import { AuthField } from "./auth-field";
import { useHydrated } from "~/lib/use-hydrated";

/** Asks for the address and sends a fresh confirmation link (answers the same for any address). */
export function ResendVerificationForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<AuthScreenResult>({ key: "resend-verification" });
  const hydrated = useHydrated();
  const answer = fetcher.data;
  const submitting = fetcher.state !== "idle";
  const action = redirectTo === defaultSignedInPath ? "/auth" : `/auth?redirectTo=${encodeURIComponent(redirectTo)}`;
  if (answer?.ok) {
    return (
      <AuthAlert tone="success" title={t("screen.checkInbox.resentTitle")}>
        {t("screen.checkInbox.resent")}
      </AuthAlert>
    );
  }
  const fieldError = answer && !answer.ok ? answer.fieldErrors?.email : undefined;
  return (
    <fetcher.Form method="post" action={action} className="grid gap-3">
      <input type="hidden" name="intent" value="resend-verification" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      {answer && !answer.ok && answer.error && (
        <AuthAlert title={t("toasts.authErrorTitle")}>{t(`errors.${answer.error.code}`)}</AuthAlert>
      )}
      <AuthField
        name="email"
        type="email"
        idPrefix="resend"
        label={t("screen.email")}
        autoComplete="email"
        required
        error={fieldError}
      />
      <Button type="submit" disabled={submitting}>
        {submitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        {t("screen.checkInbox.resend")}
      </Button>
    </fetcher.Form>
  );
}
