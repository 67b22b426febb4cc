/**
 * A one-time notice carried across a full page load (sign-in or sign-out without JavaScript, the e-mail link):
 * a short-lived cookie the next page reads once to show its toast. It holds only one of these codes.
 */
export const flashCookieName = "samen_flash";
export const flashCodes = ["signed-in", "signed-out", "sign-out-failed", "email-verified", "password-reset"] as const;
export type FlashCode = (typeof flashCodes)[number];

export function flashCookie(code: FlashCode, secure: boolean): string {
  return `${flashCookieName}=${code}; Path=/; Max-Age=60; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearedFlashCookie(): string {
  return `${flashCookieName}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export function readFlash(cookieHeader: string | null | undefined): FlashCode | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === flashCookieName && (flashCodes as readonly string[]).includes(value ?? "")) return value as FlashCode;
  }
  return null;
}
