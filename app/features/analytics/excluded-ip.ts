/** Strips the IPv4-in-IPv6 prefix Node reports for IPv4 clients on a dual-stack socket. */
function normaliseIp(ip: string): string {
  const trimmed = ip.trim().toLowerCase();
  return trimmed.startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
}

/**
 * Whether this visitor's address is on the analytics exclusion list (ANALYTICS_EXCLUDED_IP,
 * one address or several separated by commas). Decided on the server from the request itself,
 * so the browser never has to ask a third-party IP service.
 */
export function isExcludedIp(clientIp: string | undefined, excludedList: string | undefined): boolean {
  if (!clientIp || !excludedList) return false;
  const client = normaliseIp(clientIp);
  return excludedList.split(",").map(normaliseIp).filter(Boolean).includes(client);
}
