import { useRootData } from "~/features/platform/use-root-data";

/** The settings the browser may see, as the root loader hands them over (root-data.server.ts). */
export interface PublicEnv {
  /** Origin of the budget app when it runs on another host; empty means this site. */
  appUrl: string;
  /** Base URL of the public bucket with marketing pictures; empty means this site's public/ folder. */
  assetsUrl: string;
  gaMeasurementId: string;
  /** This site's public origin, for canonical links and Open Graph URLs. */
  siteUrl: string;
}

const emptyEnv: PublicEnv = { appUrl: "", assetsUrl: "", gaMeasurementId: "", siteUrl: "" };

export function usePublicEnv(): PublicEnv {
  return { ...emptyEnv, ...useRootData()?.publicEnv };
}

function joinUrl(base: string, path: string): string {
  if (!base) return path;
  return `${base.replace(/(?<!\/)\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/** A path in the budget app (`/auth`, `/signup`, `/app`), on the app host when APP_URL is set. */
export function appHref(appUrl: string, path: string): string {
  return joinUrl(appUrl, path);
}

/** A marketing picture, from the public assets bucket when PUBLIC_ASSETS_URL is set. */
export function assetHref(assetsUrl: string, path: string): string {
  return joinUrl(assetsUrl, path);
}

/** An absolute URL on this site; relative when the public origin is unknown. */
export function siteHref(siteUrl: string, path: string): string {
  return joinUrl(siteUrl, path);
}
