import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "~/i18n/react";
import { usePublicEnv } from "~/features/marketing/public-env";
import { cookies, writeBrowserCookie } from "~/lib/cookies";
import { analyticsExclusion, readConsent, type Consent, type ExclusionReason } from "./exclusion";

// Banner, gtag loader and page-view tracking live in their own chunk, fetched only when GA is configured.
const Analytics = lazy(() => import("./analytics.client"));

/** Fired by the footer's "Cookie settings" button to show the consent banner again. */
export const consentSettingsEvent = "samen:consent-settings";

const noSubscription = () => () => {};
/** True once React runs in the browser; false while rendering on the server and during hydration. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

let exclusionOfThisPageLoad: ExclusionReason | null | undefined;
/** Decided once per page load, from the landing URL, the cookies and the flag the server put on <html>. */
function pageLoadExclusion(): ExclusionReason | null {
  exclusionOfThisPageLoad ??= analyticsExclusion({
    search: window.location.search,
    cookie: document.cookie,
    excludedIpFlag: document.documentElement.dataset.analyticsExcluded,
  });
  return exclusionOfThisPageLoad;
}

function storeConsent(consent: Consent) {
  writeBrowserCookie(cookies.analyticsConsent, consent);
}

/**
 * Analytics, off by default: with GA_MEASUREMENT_ID set and the visit not excluded, shows the
 * consent banner; only after consent does the analytics chunk load the tag.
 */
export function AnalyticsGate() {
  const { gaMeasurementId } = usePublicEnv();
  const hydrated = useHydrated();
  const [settingsRequested, setSettingsRequested] = useState(false);
  const exclusion = hydrated && gaMeasurementId ? pageLoadExclusion() : null;

  useEffect(() => {
    if (!gaMeasurementId) return;
    const open = () => setSettingsRequested(true);
    window.addEventListener(consentSettingsEvent, open);
    return () => window.removeEventListener(consentSettingsEvent, open);
  }, [gaMeasurementId]);

  useEffect(() => {
    // ?internal=true marks this browser as ours for good, so later visits without the parameter stay untracked.
    if (exclusion === "internal-url") writeBrowserCookie(cookies.internalUser, "true");
  }, [exclusion]);

  if (!gaMeasurementId || !hydrated) return null;
  if (exclusion && !settingsRequested) return null;
  return (
    <Suspense fallback={null}>
      <Analytics
        measurementId={gaMeasurementId}
        excluded={Boolean(exclusion)}
        initialConsent={readConsent(document.cookie)}
        storeConsent={storeConsent}
        settingsRequested={settingsRequested}
        onSettingsDone={() => setSettingsRequested(false)}
      />
    </Suspense>
  );
}

/** Lets a visitor change their analytics choice; shown only when analytics is configured. */
export function CookieSettingsButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { gaMeasurementId } = usePublicEnv();
  if (!gaMeasurementId) return null;
  return (
    <button type="button" className={className} onClick={() => window.dispatchEvent(new Event(consentSettingsEvent))}>
      {t("footer.cookieSettings")}
    </button>
  );
}
