import Loader2Icon from "lucide-react/icons/loader-circle";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Link, redirect, useActionData, useFetcher } from "react-router";
import type { Route } from "./+types/reset-password";
import { Button } from "~/components/ui/button";
import { secureCookies } from "~/config.server";
import { resetPassword } from "~/features/auth/account.server";
import { authMessages, type AuthError, type AuthFieldErrors } from "~/features/auth/auth-errors";
import { resetPasswordSchema } from "~/features/auth/auth.schema";
import { fieldErrorsOf } from "~/lib/forms";
import { authState } from "~/features/auth/auth-state";
import { AuthAlert } from "~/features/auth/components/auth-alert";
import { AuthCard } from "~/features/auth/components/auth-card";
import { AuthField } from "~/features/auth/components/auth-field";
import { flashCookie } from "~/features/auth/flash";
import { readForm } from "~/features/platform/forms.server";
import { isPasswordResetTokenValid } from "~/features/auth/password-reset.server";
import { passwordMinLength } from "~/features/auth/password-rules";

export const handle = { i18n: ["auth"] };

type ResetResult = {
  ok: false;
  error?: AuthError;
  fieldErrors?: AuthFieldErrors<"password" | "confirmPassword" | "token">;
};

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await isPasswordResetTokenValid(token) };
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  if (!read.ok) return data<ResetResult>({ ok: false, error: { code: read.code } }, { status: read.status });
  const parsed = resetPasswordSchema.safeParse(read.values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error, { messages: authMessages });
    return data<ResetResult>(
      fieldErrors.token ? { ok: false, error: { code: fieldErrors.token } } : { ok: false, fieldErrors },
      { status: 400 },
    );
  }
  const result = await resetPassword({ request, token: parsed.data.token, newPassword: parsed.data.password });
  if (!result.ok) return data<ResetResult>({ ok: false, error: result.error }, { status: result.status });
  // Every session of the account has ended; the person signs in with the new password.
  throw redirect("/auth", { headers: { "Set-Cookie": flashCookie("password-reset", secureCookies()) } });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const result = fetcher.data ?? actionData;
  const submitting = fetcher.state !== "idle";
  const { token, valid } = loaderData;

  useEffect(() => {
    if (valid) authState.announce("PASSWORD_RECOVERY");
  }, [valid]);

  const tokenGone = !valid || result?.error?.code === "INVALID_TOKEN" || result?.error?.code === "TOKEN_EXPIRED";
  return (
    <>
      <title>{t("meta.resetTitle")}</title>
      <meta name="robots" content="noindex" />
      {tokenGone ? (
        <AuthCard heading={t("reset.invalidHeading")} intro={t("reset.invalidBody")}>
          <Button asChild size="lg">
            <Link to="/forgot-password">{t("reset.requestNew")}</Link>
          </Button>
        </AuthCard>
      ) : (
        <AuthCard heading={t("reset.heading")} intro={t("reset.intro")}>
          {result?.error && (
            <AuthAlert title={t("toasts.authErrorTitle")}>{t(`errors.${result.error.code}`)}</AuthAlert>
          )}
          <fetcher.Form method="post" className="grid gap-4">
            <input type="hidden" name="token" value={token} />
            <AuthField
              name="password"
              type="password"
              label={t("reset.newPassword")}
              hint={t("screen.passwordHint")}
              autoComplete="new-password"
              minLength={passwordMinLength}
              required
              revealable
              error={result?.fieldErrors?.password}
            />
            <AuthField
              name="confirmPassword"
              type="password"
              label={t("reset.confirmPassword")}
              autoComplete="new-password"
              required
              revealable
              error={result?.fieldErrors?.confirmPassword}
            />
            <p className="text-sm text-muted-foreground">{t("reset.signedOutNote")}</p>
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              {submitting ? t("reset.submitting") : t("reset.submit")}
            </Button>
          </fetcher.Form>
        </AuthCard>
      )}
    </>
  );
}
