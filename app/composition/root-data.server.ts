import type { RouterContextProvider } from "react-router";
import { getConfig, publicUrl } from "~/config.server";
import { isExcludedIp } from "~/features/analytics/excluded-ip";
import { requestStoreContext } from "~/lib/request-store.server";
import { requestLanguage } from "~/features/auth/request-language.server";
import { getOptionalUser } from "~/features/auth/session.server";

function clientIpOf(context: Readonly<RouterContextProvider>): string | undefined {
  try {
    return context.get(requestStoreContext).clientIp;
  } catch {
    return undefined; // rendered outside the Express server (tests): no client address
  }
}

/** What every page needs: the page language and the public settings the browser may see. */
export async function getRootData(request: Request, context: Readonly<RouterContextProvider>) {
  const config = getConfig();
  const user = await getOptionalUser(request);
  const language = await requestLanguage(request);
  return {
    language,
    user,
    publicEnv: {
      appUrl: config.APP_URL ?? "",
      assetsUrl: config.PUBLIC_ASSETS_URL ?? "",
      gaMeasurementId: config.GA_MEASUREMENT_ID ?? "",
      siteUrl: publicUrl(),
    },
    analyticsExcluded: isExcludedIp(clientIpOf(context), config.ANALYTICS_EXCLUDED_IP),
  };
}
