import type { RouterContextProvider } from "react-router";
import { getConfig } from "~/config.server";
import { detectLanguage } from "~/i18n/detect.server";
import { getOptionalUser } from "~/features/auth/session.server";

/** What every page needs: the page language and the public settings the browser may see. */
export async function getRootData(request: Request, _context: Readonly<RouterContextProvider>) {
  const config = getConfig();
  const user = await getOptionalUser(request);
  const language = detectLanguage(request, user?.locale);
  return {
    language,
    user,
    publicEnv: {
      appUrl: config.APP_URL ?? "",
      assetsUrl: config.PUBLIC_ASSETS_URL ?? "",
      gaMeasurementId: config.GA_MEASUREMENT_ID ?? "",
    },
    analyticsExcluded: false,
  };
}
