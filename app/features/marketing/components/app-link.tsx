import type * as React from "react";
import { Link } from "react-router";
import { appHref, usePublicEnv } from "~/features/marketing/public-env";

interface AppLinkProps extends Omit<React.ComponentProps<"a">, "href"> {
  /** A path in the budget app, such as /auth or /signup. */
  to: string;
}

/**
 * A link to the app's sign-in, sign-up or app screens: a client-side link on this site,
 * or a plain link to the app host when APP_URL points elsewhere.
 */
export function AppLink({ to, ...props }: AppLinkProps) {
  const { appUrl } = usePublicEnv();
  if (!appUrl) return <Link to={to} {...props} />;
  return <a href={appHref(appUrl, to)} {...props} />;
}
