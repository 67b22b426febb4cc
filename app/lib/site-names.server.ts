import os from "node:os";
import { getConfig, publicUrl, type Config } from "~/config.server";
import { isLoopbackAddress } from "./loopback";

/**
 * The names this server answers to (decision 0036). A request's Host header is user input: a web page whose name an
 * attacker re-points at 127.0.0.1 (DNS rebinding) reaches a local installation with its own name in Host, and is
 * same-origin with itself. So the server compares Host with names it was configured with or can see for itself, never
 * takes the request's own name as "this site", and refuses every other name (421) before any route runs.
 *
 * - always: `localhost`, `127.0.0.1` and `[::1]` (a browser sends these only for a page opened under that name);
 * - the host of `PUBLIC_URL` and `APP_URL`, and every name in `ALLOWED_HOSTS`;
 * - listening on the network (HOST is not a loopback address, e.g. `0.0.0.0`): the machine's interface addresses,
 *   `os.hostname()` and `<hostname>.local`, the names a home network reaches it by.
 *
 * The port is not compared: a proxy or a port mapping may change it, and a rebinding page cannot pick another name.
 */
interface SiteNameSources {
  publicUrl?: string;
  appUrl?: string;
  /** The address the server listens on (HOST). */
  listenHost: string;
  /** ALLOWED_HOSTS, already split. */
  allowedHosts: readonly string[];
  /** `os.networkInterfaces()`; injectable in tests. */
  interfaces?: NodeJS.Dict<os.NetworkInterfaceInfo[]>;
  /** `os.hostname()`; injectable in tests. */
  hostname?: string;
}

const loopbackNames: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/** Characters a Host header may hold: a DNS name, an IPv4 address, a bracketed IPv6 address, a port. */
const hostHeaderPattern = /^[\w.\-[\]:]+$/;

/**
 * The name in a Host header (or a bare name, or an origin's host), normalised as a URL parser does: lower case, no
 * port, no trailing dot, IPv6 bracketed and compressed, IPv4 in dotted decimal. Undefined for anything that is not a
 * plain host (user info, paths, spaces, an empty name).
 */
export function hostNameOf(host: string | undefined): string | undefined {
  if (!host || host.length > 300 || !hostHeaderPattern.test(host)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(`http://${host}`);
  } catch {
    return undefined;
  }
  if (parsed.username || parsed.password || parsed.pathname !== "/" || !parsed.hostname) return undefined;
  const name = parsed.hostname.replace(/\.$/, "");
  return name || undefined;
}

/** Whether a normalised host name is one a browser uses only for this machine's own pages. */
export function isLoopbackName(name: string | undefined): boolean {
  return name !== undefined && loopbackNames.includes(name);
}

function addressName(address: string): string | undefined {
  return hostNameOf(address.includes(":") ? `[${address}]` : address);
}

export function siteNames(sources: SiteNameSources): ReadonlySet<string> {
  const names = new Set<string>(loopbackNames);
  const add = (name: string | undefined) => {
    if (name) names.add(name);
  };
  for (const url of [sources.publicUrl, sources.appUrl]) if (url) add(hostNameOf(new URL(url).host));
  for (const name of sources.allowedHosts) add(hostNameOf(name.trim()));
  const onNetwork = !isLoopbackAddress(sources.listenHost) && sources.listenHost !== "localhost";
  if (onNetwork) {
    add(addressName(sources.listenHost));
    const interfaces = sources.interfaces ?? os.networkInterfaces();
    for (const info of Object.values(interfaces).flat()) {
      // A link-local IPv6 address needs its zone in a URL, which browsers do not send in Host.
      if (info && !(info.family === "IPv6" && info.scopeid)) add(addressName(info.address));
    }
    const hostname = (sources.hostname ?? os.hostname()).toLowerCase();
    add(hostNameOf(hostname));
    if (!hostname.includes(".")) add(hostNameOf(`${hostname}.local`));
  }
  // 0.0.0.0 and :: are where a server listens, never a name a browser opens.
  names.delete("0.0.0.0");
  names.delete("[::]");
  return names;
}

/** Whether a request's Host header names this site. */
export function isSiteHost(names: ReadonlySet<string>, hostHeader: string | undefined): boolean {
  const name = hostNameOf(hostHeader);
  return name !== undefined && names.has(name);
}

/**
 * The origins a browser form or script of this site posts from, for this request: the configured public origin, and
 * the request's own origin only when its Host is one of the site's names (the port as the browser used it).
 */
export function siteOrigins(
  names: ReadonlySet<string>,
  request: { protocol: string; hostHeader: string | undefined },
  publicOrigin: string,
): string[] {
  const origins = [publicOrigin];
  if (isSiteHost(names, request.hostHeader)) origins.push(`${request.protocol}://${request.hostHeader!.toLowerCase()}`);
  return origins;
}

const namesByConfig = new WeakMap<Config, ReadonlySet<string>>();

/** The site's names from the server's configuration, worked out once per configuration. */
export function configuredSiteNames(config: Config = getConfig()): ReadonlySet<string> {
  let names = namesByConfig.get(config);
  if (!names) {
    names = siteNames({
      publicUrl: config.PUBLIC_URL,
      appUrl: config.APP_URL,
      listenHost: config.HOST,
      allowedHosts: config.ALLOWED_HOSTS,
    });
    namesByConfig.set(config, names);
  }
  return names;
}

/**
 * Better Auth's trusted origins for a request (its `request.url` is built from the Host header): the configured public
 * origin, and the request's own only under one of the site's names — never any name a request brings (DNS rebinding).
 */
export function trustedOriginsOf(
  request: Request | undefined,
  names: ReadonlySet<string> = configuredSiteNames(),
  publicOrigin: string = publicUrl(),
): string[] {
  if (!request) return [publicOrigin];
  const url = new URL(request.url);
  return siteOrigins(names, { protocol: url.protocol.slice(0, -1), hostHeader: url.host }, publicOrigin);
}
