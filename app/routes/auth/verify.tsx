import { useTranslation } from "~/i18n/react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/verify";
import { Button } from "~/components/ui/button";
import { secureCookies } from "~/config.server";
import { verifyEmail } from "~/features/auth/account.server";
import { AuthCard } from "~/features/auth/components/auth-card";
import { ResendVerificationForm } from "~/features/auth/components/resend-verification-form";
import { flashCookie } from "~/features/auth/flash";
import { defaultSignedInPath, safeRedirect } from "~/features/auth/safe-redirect";
import { getOptionalUser } from "~/features/auth/session.server";

export const handle = { i18n: ["auth"] };

/**
 * The link in the confirmation mail: confirms the address; in the browser that signed up it also signs the user in
 * and continues to the app, anywhere else it asks for the password (see sign-up-browser.server.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), defaultSignedInPath);
  const token = url.searchParams.get("token") ?? "";
  if (token && token.length <= 4096) {
    const result = await verifyEmail({ request, token });
    if (result.ok && result.signedIn) {
      result.headers.append("Set-Cookie", flashCookie("email-verified", secureCookies()));
      throw redirect(redirectTo, { headers: result.headers });
    }
    if (result.ok) {
      // Confirmed, but this is not the browser that signed up (or the link was used before): sign in with the password.
      if (await getOptionalUser(request)) throw redirect(redirectTo);
      return { state: "confirmed" as const, redirectTo };
    }
    return { state: result.error.code === "TOKEN_EXPIRED" ? ("expired" as const) : ("invalid" as const), redirectTo };
  }
  return { state: "invalid" as const, redirectTo };
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { state, redirectTo } = loaderData;
  const signInLink =
    redirectTo === defaultSignedInPath ? "/auth" : `/auth?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <>
      <title>{t("meta.verifyTitle")}</title>
      <meta name="robots" content="noindex" />
      {state === "confirmed" ? (
        <AuthCard heading={t("verify.confirmedHeading")} intro={t("verify.confirmedBody")}>
          <Button asChild size="lg">
            <Link to={signInLink}>{t("verify.signIn")}</Link>
          </Button>
        </AuthCard>
      ) : (
        <AuthCard
          heading={t("verify.invalidHeading")}
          intro={state === "expired" ? t("verify.expiredBody") : t("verify.invalidBody")}
        >
          <ResendVerificationForm redirectTo={redirectTo} />
          <Button asChild variant="outline">
            <Link to={signInLink}>{t("verify.signIn")}</Link>
          </Button>
        </AuthCard>
      )}
    </>
  );
}
