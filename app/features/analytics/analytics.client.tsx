import CookieIcon from "lucide-react/icons/cookie";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import type { Consent } from "./exclusion";
import { loadGtag, sendPageView, withdrawGtagConsent } from "./gtag";

interface AnalyticsProps {
  measurementId: string;
  /** An excluded visit may still open the banner to record a choice, but is never tracked. */
  excluded: boolean;
  /** The answer stored earlier, read by the gate (so the cookie helpers stay out of this chunk). */
  initialConsent: Consent | null;
  storeConsent(consent: Consent): void;
  settingsRequested: boolean;
  onSettingsDone(): void;
}

export default function Analytics({
  measurementId,
  excluded,
  initialConsent,
  storeConsent,
  settingsRequested,
  onSettingsDone,
}: AnalyticsProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [consent, setConsent] = useState<Consent | null>(initialConsent);
  const tracking = consent === "granted" && !excluded;

  useEffect(() => {
    if (tracking) loadGtag(measurementId);
  }, [tracking, measurementId]);

  // One page view per route; the frame's delay lets the new page's <title> land first.
  const path = location.pathname + location.search;
  useEffect(() => {
    if (!tracking) return;
    const frame = requestAnimationFrame(() => sendPageView(path));
    return () => cancelAnimationFrame(frame);
  }, [tracking, path]);

  function choose(next: Consent) {
    storeConsent(next);
    if (next === "denied" && consent === "granted") withdrawGtagConsent();
    setConsent(next);
    onSettingsDone();
  }

  const showBanner = settingsRequested || (consent === null && !excluded);
  if (!showBanner) return null;
  return (
    <section
      aria-labelledby="consent-title"
      data-testid="consent-banner"
      className="fixed inset-x-3 bottom-3 z-[60] rounded-2xl border bg-card p-5 shadow-2xl sm:inset-x-auto sm:bottom-5 sm:left-5 sm:max-w-md"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
          <CookieIcon aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="consent-title" className="font-semibold">
            {t("consent.title")}
          </h2>
          <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{t("consent.text")}</p>
          <Link
            to="/privacy"
            className="mt-2 inline-block text-sm font-medium text-primary underline underline-offset-4"
          >
            {t("consent.privacy")}
          </Link>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => choose("denied")}>
          {t("consent.decline")}
        </Button>
        <Button onClick={() => choose("granted")}>{t("consent.accept")}</Button>
      </div>
    </section>
  );
}
