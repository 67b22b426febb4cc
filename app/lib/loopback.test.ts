import { describe, expect, it } from "vitest";
import { isLoopbackAddress, startupMessage } from "./loopback";

describe("isLoopbackAddress", () => {
  it("takes this machine's addresses in every form a socket reports them", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "::FFFF:127.0.0.1", "0:0:0:0:0:0:0:1"])
      expect(isLoopbackAddress(address), address).toBe(true);
  });

  it("refuses the home network, the unspecified address, names and nonsense", () => {
    for (const address of [
      "192.168.1.20",
      "10.0.0.2",
      "::ffff:192.168.1.20",
      "fe80::1",
      "0.0.0.0",
      "::",
      "localhost",
      "127.0.0.1.evil",
      "127.0.0.256",
      "",
      undefined,
    ]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});

describe("startupMessage", () => {
  it("says how to open a loopback-only installation to the home network, and what a phone then needs", () => {
    expect(startupMessage({ host: "127.0.0.1", port: 3000, kind: "production build, local installation" })).toContain(
      "HOST=0.0.0.0",
    );
    const open = startupMessage({ host: "0.0.0.0", port: 3000, kind: "production build, local installation" });
    expect(open).toContain("other devices on your network");
    expect(open).toContain("https");
  });
});
