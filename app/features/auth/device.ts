/**
 * What a sign-in says about the device it came from, for the "new sign-in" mail (known-devices.server.ts): the
 * browser and the system named by its user agent (without versions, which change with every update) and the network
 * of its address (an IPv4 /24, an IPv6 /48), which stays the same while the address itself moves around a home or
 * an office. Pure: no I/O.
 */
export interface Device {
  browser: string | null;
  system: string | null;
  network: string | null;
}

/** Most specific first: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux". */
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\biPhone\b|\biPod\b/, "iOS"],
  [/\biPad\b/, "iPadOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function firstMatch(table: [RegExp, string][], text: string): string | null {
  return table.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** "2001:db8::1" → its eight groups of four hex digits, or null when it is not an IPv6 address. */
function ipv6Groups(address: string): string[] | null {
  if (!/^[\da-f:]+$/i.test(address) || address.split("::").length > 2) return null;
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array.from({ length: tail === undefined ? 0 : missing }, () => "0"), ...right];
  return groups.every((group) => /^[\da-f]{1,4}$/i.test(group)) ? groups.map((group) => group.padStart(4, "0")) : null;
}

/** The network an address belongs to: "192.0.2.0/24", "2001:0db8:0001::/48"; null when it is not an address. */
export function networkOf(address: string | null | undefined): string | null {
  const value = (address ?? "").trim().replace(/^::ffff:(?=\d+\.)/i, "");
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(value);
  if (ipv4) {
    const octets = ipv4.slice(1).map(Number);
    return octets.every((octet) => octet <= 255) ? `${octets.slice(0, 3).join(".")}.0/24` : null;
  }
  const groups = ipv6Groups(value.toLowerCase());
  return groups ? `${groups.slice(0, 3).join(":")}::/48` : null;
}

export function deviceOf(userAgent: string | null | undefined, ipAddress: string | null | undefined): Device {
  const agent = userAgent ?? "";
  return { browser: firstMatch(browsers, agent), system: firstMatch(systems, agent), network: networkOf(ipAddress) };
}

/** The device's key: two sign-ins with the same browser, system and network come from a device seen before. */
export function deviceKey(device: Device): string {
  return [device.browser ?? "?", device.system ?? "?", device.network ?? "?"].join("|");
}
