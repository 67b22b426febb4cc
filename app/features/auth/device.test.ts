import { describe, expect, it } from "vitest";
import { deviceKey, deviceOf, networkOf } from "./device";

describe("the device of a sign-in", () => {
  it("names the browser and the system without versions", () => {
    const chromeOnMac =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
    const edgeOnWindows =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0";
    const chromeOnAndroid =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
    const firefoxOnLinux = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    expect(deviceOf(chromeOnMac, null)).toEqual({ browser: "Chrome", system: "macOS", network: null });
    expect(deviceOf(edgeOnWindows, null)).toMatchObject({ browser: "Edge", system: "Windows" });
    expect(deviceOf(chromeOnAndroid, null)).toMatchObject({ browser: "Chrome", system: "Android" });
    expect(deviceOf(firefoxOnLinux, null)).toMatchObject({ browser: "Firefox", system: "Linux" });
    expect(deviceOf("curl/8.5.0", null)).toEqual({ browser: null, system: null, network: null });
    // A browser update is the same device.
    expect(deviceKey(deviceOf(chromeOnMac, "192.0.2.1"))).toBe(
      deviceKey(deviceOf(chromeOnMac.replaceAll("126.0.0.0", "127.0.0.0"), "192.0.2.1")),
    );
  });

  it("takes the network of the address: an IPv4 /24, an IPv6 /48", () => {
    expect(networkOf("192.0.2.55")).toBe("192.0.2.0/24");
    expect(networkOf("::ffff:192.0.2.55")).toBe("192.0.2.0/24");
    expect(networkOf("2001:db8:1:2::7")).toBe("2001:0db8:0001::/48");
    expect(networkOf("2001:db8::")).toBe("2001:0db8:0000::/48");
    expect(networkOf("::1")).toBe("0000:0000:0000::/48");
    expect(networkOf("unknown")).toBeNull();
    expect(networkOf("300.1.1.1")).toBeNull();
    expect(networkOf("1::2::3")).toBeNull();
    expect(networkOf(undefined)).toBeNull();
  });
});
