import { useTranslation } from "~/i18n/react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/verify";
import { Button } from "~/components/ui/button";
import { isProduction } from "~/config.server";
import { verifyEmail } from "~/features/auth/account.server";
import { AuthCard } from "~/features/auth/components/auth-card";
import { ResendVerificationForm } from "~/features/auth/components/resend-verification-form";
import { flashCookie } from "~/features/auth/flash";
import { defaultSignedInPath, safeRedirect } from "~/features/auth/safe-redirect";
import { getOptionalUser } from "~/features/auth/session.server";

export const handle = { i18n: ["auth"] };

/** The link in the confirmation mail: confirms the address, signs the user in and continues to the app. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), defaultSignedInPath);
  const token = url.searchParams.get("token") ?? "";
  if (token && token.length <= 4096) {
    const result = await verifyEmail({ request, token });
    if (result.ok && result.signedIn) {
      result.headers.append("Set-Cookie", flashCookie("email-verified", isProduction()));
      throw redirect(redirectTo, { headers: result.headers });
    }
    if (result.ok) {
      // Already confirmed earlier: a second click signs nobody in.
      if (await getOptionalUser(request)) throw redirect(redirectTo);
      return { state: "already-verified" as const, redirectTo };
    }
    return { state: result.error.code === "TOKEN_EXPIRED" ? ("expired" as const) : ("invalid" as const), redirectTo };
  }
  return { state: "invalid" as const, redirectTo };
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { state, redirectTo } = loaderData;
  const signInLink = redirectTo === defaultSignedInPath ? "/auth" : `/auth?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <>
      <title>{t("meta.verifyTitle")}</title>
      <meta name="robots" content="noindex" />
      {state === "already-verified" ? (
        <AuthCard heading={t("verify.alreadyHeading")} intro={t("verify.alreadyBody")}>
          <Button asChild size="lg">
            <Link to={signInLink}>{t("verify.signIn")}</Link>
          </Button>
        </AuthCard>
      ) : (
        <AuthCard heading={t("verify.invalidHeading")} intro={state === "expired" ? t("verify.expiredBody") : t("verify.invalidBody")}>
          <ResendVerificationForm redirectTo={redirectTo} />
          <Button asChild variant="outline">
            <Link to={signInLink}>{t("verify.signIn")}</Link>
          </Button>
        </AuthCard>
      )}
    </>
  );
}
