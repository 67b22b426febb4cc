import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/auth";
import { AuthScreen } from "~/features/auth/components/auth-screen";
import { authScreenAction } from "~/features/auth/auth-screen.server";
import { defaultSignedInPath, safeRedirect } from "~/features/auth/safe-redirect";
import { requireAnonymous } from "~/features/auth/session.server";
import { pageLanguage } from "~/features/auth/request-language.server";
import { previewInvitation } from "~/features/sharing/invitations.server";
import { retryAfterHeaders } from "~/lib/retry-after-headers";

export const handle = { i18n: ["auth"] };

/** A 429 keeps its Retry-After on the way to the browser. */
export const headers = retryAfterHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), defaultSignedInPath);
  return {
    // Data requests arrive as /signup.data: match both.
    mode: /^\/signup(?:\.data)?\/?$/.test(url.pathname) ? ("sign-up" as const) : ("sign-in" as const),
    redirectTo,
    // Someone who follows an invitation link before having signed in reads who invites them, to what, and with which
    // address, instead of a generic "Welcome back".
    invitation: await previewInvitation(redirectTo, await pageLanguage(request)),
  };
}

export async function action({ request }: Route.ActionArgs) {
  return authScreenAction(request);
}

export default function AuthRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { mode, redirectTo, invitation } = loaderData;
  return (
    <>
      <title>{mode === "sign-up" ? t("meta.signUpTitle") : t("meta.signInTitle")}</title>
      <meta name="description" content={t("meta.description")} />
      <AuthScreen key={mode} mode={mode} redirectTo={redirectTo} invitation={invitation} />
    </>
  );
}
