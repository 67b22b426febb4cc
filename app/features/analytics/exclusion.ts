import { cookies, readCookieValue } from "~/lib/cookies";

export type Consent = "granted" | "denied";

export type ExclusionReason = "internal-url" | "internal-cookie" | "excluded-ip";

/**
 * Why this visit must not be tracked, or null when it may be (after consent). The spec's rules:
 * the URL has internal=true, the internal_user cookie is "true", or the page root carries the
 * excluded-IP flag the server sets when the visitor's address is on ANALYTICS_EXCLUDED_IP.
 */
export function analyticsExclusion({
  search,
  cookie,
  excludedIpFlag,
}: {
  search: string;
  cookie: string;
  excludedIpFlag: string | null | undefined;
}): ExclusionReason | null {
  if (new URLSearchParams(search).get("internal") === "true") return "internal-url";
  if (readCookieValue(cookie, cookies.internalUser.name) === "true") return "internal-cookie";
  if (excludedIpFlag === "true") return "excluded-ip";
  return null;
}

export function readConsent(cookie: string): Consent | null {
  const value = readCookieValue(cookie, cookies.analyticsConsent.name);
  return value === "granted" || value === "denied" ? value : null;
}
