import { cookieLine, cookies, readCookieValue } from "~/lib/cookies";
import { isOneOf } from "~/lib/one-of";

/**
 * A one-time notice carried across a full page load (sign-in or sign-out without JavaScript, the e-mail link):
 * a short-lived cookie the next page reads once to show its toast. It holds only one of these codes.
 */
export const flashCodes = [
  "signed-in",
  "signed-out",
  "signed-out-everywhere",
  "sign-out-failed",
  "email-verified",
  "password-reset",
] as const;
export type FlashCode = (typeof flashCodes)[number];

export function flashCookie(code: FlashCode, secure: boolean): string {
  return cookieLine(cookies.flash, code, secure);
}

export function readFlash(cookieHeader: string | null | undefined): FlashCode | null {
  const value = readCookieValue(cookieHeader, cookies.flash.name);
  return isOneOf(flashCodes, value) ? value : null;
}
