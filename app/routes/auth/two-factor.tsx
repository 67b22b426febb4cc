import { useTranslation } from "~/i18n/react";
import { redirect } from "react-router";
import type { Route } from "./+types/two-factor";
import { twoFactorChallengeAction } from "~/features/auth/two-factor.server";
import { TwoFactorChallenge } from "~/features/auth/components/two-factor-challenge";
import { hasPendingTwoFactor } from "~/features/auth/two-factor.server";
import { defaultSignedInPath, safeRedirect, signInPath } from "~/features/auth/safe-redirect";
import { requireAnonymous } from "~/features/auth/session.server";
import { retryAfterHeaders } from "~/lib/retry-after-headers";

export const handle = { i18n: ["auth"] };

/** A 429 keeps its Retry-After on the way to the browser. */
export const headers = retryAfterHeaders;

/** Second step of a sign-in with two-factor on; only reachable with a pending challenge from the password step. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), defaultSignedInPath);
  if (!hasPendingTwoFactor(request)) throw redirect(signInPath(redirectTo));
  return { redirectTo, method: url.searchParams.get("method") === "backup" ? ("backup" as const) : ("totp" as const) };
}

export async function action({ request }: Route.ActionArgs) {
  return twoFactorChallengeAction(request);
}

export default function TwoFactorStep({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  return (
    <>
      <title>{t("meta.twoFactorTitle")}</title>
      <meta name="robots" content="noindex" />
      <TwoFactorChallenge key={loaderData.method} method={loaderData.method} redirectTo={loaderData.redirectTo} />
    </>
  );
}
