import Loader2Icon from "lucide-react/icons/loader-circle";
import MailCheckIcon from "lucide-react/icons/mail-check";
import { useTranslation } from "~/i18n/react";
import { data, Link, useActionData, useFetcher } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Button } from "~/components/ui/button";
import { requestPasswordReset } from "~/features/auth/account.server";
import { authMessages, type AuthError, type AuthFieldErrors } from "~/features/auth/auth-errors";
import { forgotPasswordSchema } from "~/features/auth/auth.schema";
import { fieldErrorsOf } from "~/lib/forms";
import { retryAfter } from "~/features/auth/auth-errors";
import { AuthAlert } from "~/features/auth/components/auth-alert";
import { AuthCard } from "~/features/auth/components/auth-card";
import { AuthField } from "~/features/auth/components/auth-field";
import { readForm } from "~/features/platform/forms.server";
import { retryAfterHeaders } from "~/lib/retry-after-headers";

export const handle = { i18n: ["auth"] };

/** A 429 keeps its Retry-After on the way to the browser. */
export const headers = retryAfterHeaders;

type ForgotResult =
  | { ok: true; email: string }
  | { ok: false; error?: AuthError; fieldErrors?: AuthFieldErrors<"email">; email?: string };

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  if (!read.ok) return data<ForgotResult>({ ok: false, error: { code: read.code } }, { status: read.status });
  const parsed = forgotPasswordSchema.safeParse(read.values);
  if (!parsed.success)
    return data<ForgotResult>(
      { ok: false, fieldErrors: fieldErrorsOf(parsed.error, { messages: authMessages }) },
      { status: 400 },
    );
  const result = await requestPasswordReset({ request, email: parsed.data.email });
  if (!result.ok) {
    return data<ForgotResult>(
      { ok: false, error: result.error, email: parsed.data.email },
      { status: result.status, headers: retryAfter(result.error) },
    );
  }
  return data<ForgotResult>({ ok: true, email: parsed.data.email });
}

export default function ForgotPassword() {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const result = fetcher.data ?? actionData;
  const submitting = fetcher.state !== "idle";
  return (
    <>
      <title>{t("meta.forgotTitle")}</title>
      {result?.ok ? (
        <AuthCard heading={t("forgot.sentHeading")} footer={<BackToSignIn />}>
          <div className="flex justify-center">
            <MailCheckIcon className="size-12 text-primary" aria-hidden="true" />
          </div>
          <p className="text-center" role="status">
            {t("forgot.sentBody", { email: result.email })}
          </p>
        </AuthCard>
      ) : (
        <AuthCard heading={t("forgot.heading")} intro={t("forgot.intro")} footer={<BackToSignIn />}>
          {result?.error && (
            <AuthAlert title={t("toasts.authErrorTitle")}>{t(`errors.${result.error.code}`)}</AuthAlert>
          )}
          <fetcher.Form method="post" className="grid gap-4">
            <AuthField
              name="email"
              type="email"
              label={t("screen.email")}
              autoComplete="email"
              required
              defaultValue={result?.email}
              error={result?.fieldErrors?.email}
            />
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              {submitting ? t("forgot.submitting") : t("forgot.submit")}
            </Button>
          </fetcher.Form>
        </AuthCard>
      )}
    </>
  );
}

function BackToSignIn() {
  const { t } = useTranslation("auth");
  return (
    <Link to="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
      {t("forgot.back")}
    </Link>
  );
}
