/**
 * Whether a TCP peer address is this machine: 127.0.0.0/8, ::1, or an IPv4 loopback address in IPv6 form
 * (::ffff:127.0.0.1, as a dual-stack server sees it). Judge the socket's own remote address with it, never a header
 * such as X-Forwarded-For, which any client can write.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const lower = address.toLowerCase();
  if (lower === "::1" || lower === "0:0:0:0:0:0:0:1") return true;
  const ipv4 = lower.startsWith("::ffff:") ? lower.slice("::ffff:".length) : lower;
  const parts = ipv4.split(".");
  return (
    parts.length === 4 && parts[0] === "127" && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)
  );
}

/** Where the server listens when HOST is not set: this machine only. HOST=0.0.0.0 opens it to the network. */
export const defaultListenHost = "127.0.0.1";

/**
 * The start-up line: where to open Samen, and, for a local installation, who else can. Listening on this machine
 * only, it says how to open it to the home network; listening on the network, it says that anyone on it can reach
 * the server and that a phone's offline support (its service worker) needs https.
 */
export function startupMessage({ host, port, kind }: { host: string; port: number; kind: string }): string {
  const running = `Samen is running on http://localhost:${port} (${kind})`;
  if (isLoopbackAddress(host) || host === "localhost") {
    return `${running}. Only this computer can open it; to open it from a phone or another computer on your home network, start it with HOST=0.0.0.0.`;
  }
  return `${running}, listening on ${host}: other devices on your network can open it at http://<this computer's address>:${port}. A phone keeps Samen offline (its service worker) only over https, so put an https proxy in front for that.`;
}
