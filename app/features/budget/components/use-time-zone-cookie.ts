import { useEffect } from "react";
import { useRevalidator } from "react-router";

const cookieName = "samen_tz";

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
    const current = document.cookie.split("; ").find((part) => part.startsWith(`${cookieName}=`))?.slice(cookieName.length + 1);
    if (current && decodeURIComponent(current) === zone) return;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${cookieName}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
    if (!current) void revalidator.revalidate();
  }, [revalidator]);
}
