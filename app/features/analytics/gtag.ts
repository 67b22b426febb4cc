declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

let loadedFor: string | undefined;

/** Loads Google's tag once, with IP anonymisation, and with automatic page views off (we send them per route). */
export function loadGtag(measurementId: string): void {
  if (loadedFor === measurementId) return;
  loadedFor = measurementId;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads the queue as `arguments` objects, exactly as Google's snippet pushes them.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer?.push(arguments);
  };
  window.gtag("consent", "default", {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "granted",
  });
  window.gtag("js", new Date());
  window.gtag("config", measurementId, { anonymize_ip: true, send_page_view: false });
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

export function sendPageView(path: string): void {
  window.gtag?.("event", "page_view", {
    page_location: window.location.href,
    page_path: path,
    page_title: document.title,
  });
}

/** After a withdrawn consent: tell the tag, and remove the cookies it set on our domain. */
export function withdrawGtagConsent(): void {
  window.gtag?.("consent", "update", { analytics_storage: "denied" });
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name?.startsWith("_ga")) {
      document.cookie = `${name}=; Path=/; Max-Age=0`;
      document.cookie = `${name}=; Path=/; Max-Age=0; Domain=${window.location.hostname.replace(/^www\./, "")}`;
    }
  }
}
