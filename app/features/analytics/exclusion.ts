/** Cookie that marks a browser as ours (staff, testers): never tracked. Set by visiting any page with ?internal=true. */
export const internalUserCookie = "internal_user";
/** The visitor's answer to the consent banner. */
export const consentCookie = "analytics_consent";
export type Consent = "granted" | "denied";

export type ExclusionReason = "internal-url" | "internal-cookie" | "excluded-ip";

export function readCookieValue(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/**
 * Why this visit must not be tracked, or null when it may be (after consent). The spec's rules:
 * the URL has internal=true, the internal_user cookie is "true", or the page root carries the
 * excluded-IP flag the server sets when the visitor's address is on ANALYTICS_EXCLUDED_IP.
 */
export function analyticsExclusion({ search, cookie, excludedIpFlag }: { search: string; cookie: string; excludedIpFlag: string | null | undefined }): ExclusionReason | null {
  if (new URLSearchParams(search).get("internal") === "true") return "internal-url";
  if (readCookieValue(cookie, internalUserCookie) === "true") return "internal-cookie";
  if (excludedIpFlag === "true") return "excluded-ip";
  return null;
}

export function readConsent(cookie: string): Consent | null {
  const value = readCookieValue(cookie, consentCookie);
  return value === "granted" || value === "denied" ? value : null;
}
