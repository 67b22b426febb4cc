import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { cookies, readCookieValue, writeBrowserCookie } from "~/lib/cookies";

/** Tells the server the reader's time zone, so "today" and "this month" are theirs; reloads once if it was unknown. */
export function useTimeZoneCookie() {
  const revalidator = useRevalidator();
  useEffect(() => {
    let zone: string;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      return;
    }
    if (!zone) return;
    const current = readCookieValue(document.cookie, cookies.timeZone.name);
    if (current && decodeURIComponent(current) === zone) return;
    writeBrowserCookie(cookies.timeZone, encodeURIComponent(zone));
    if (!current) void revalidator.revalidate();
  }, [revalidator]);
}
