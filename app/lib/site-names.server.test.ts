import type os from "node:os";
import { describe, expect, it } from "vitest";
import { hostNameOf, isLoopbackName, isSiteHost, siteNames, siteOrigins, trustedOriginsOf } from "./site-names.server";

const homeInterfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = {
  lo: [
    {
      address: "127.0.0.1",
      netmask: "255.0.0.0",
      family: "IPv4",
      mac: "00:00:00:00:00:00",
      internal: true,
      cidr: "127.0.0.1/8",
    },
  ],
  eth0: [
    {
      address: "192.168.1.20",
      netmask: "255.255.255.0",
      family: "IPv4",
      mac: "02:00:00:00:00:01",
      internal: false,
      cidr: "192.168.1.20/24",
    },
    {
      address: "fd00::20",
      netmask: "ffff:ffff:ffff:ffff::",
      family: "IPv6",
      mac: "02:00:00:00:00:01",
      internal: false,
      cidr: "fd00::20/64",
      scopeid: 0,
    },
    {
      address: "fe80::1",
      netmask: "ffff:ffff:ffff:ffff::",
      family: "IPv6",
      mac: "02:00:00:00:00:01",
      internal: false,
      cidr: "fe80::1/64",
      scopeid: 2,
    },
  ],
};

describe("hostNameOf", () => {
  it("normalises a Host header as a browser's URL would", () => {
    expect(hostNameOf("LocalHost:3000")).toBe("localhost");
    expect(hostNameOf("localhost.")).toBe("localhost");
    expect(hostNameOf("[0:0:0:0:0:0:0:1]:3000")).toBe("[::1]");
    expect(hostNameOf("samen.home.arpa")).toBe("samen.home.arpa");
    expect(hostNameOf("0x7f.1")).toBe("127.0.0.1");
  });

  it("is undefined for anything that is not a plain host", () => {
    for (const host of [undefined, "", " ", "a b", "evil@localhost", "localhost/x", "[::1", "x:99999999", "%00"])
      expect(hostNameOf(host), String(host)).toBeUndefined();
  });
});

describe("siteNames", () => {
  it("on this computer only: the loopback names, PUBLIC_URL's host and ALLOWED_HOSTS, never the machine's addresses", () => {
    const names = siteNames({
      listenHost: "127.0.0.1",
      publicUrl: "https://samen.example.org",
      allowedHosts: ["Proxy.Internal"],
      interfaces: homeInterfaces,
      hostname: "nas",
    });
    expect([...names].sort()).toEqual(["127.0.0.1", "[::1]", "localhost", "proxy.internal", "samen.example.org"]);
  });

  it("on the home network (HOST=0.0.0.0): also the interface addresses, the host name and <hostname>.local", () => {
    const names = siteNames({ listenHost: "0.0.0.0", allowedHosts: [], interfaces: homeInterfaces, hostname: "NAS" });
    for (const name of ["localhost", "127.0.0.1", "[::1]", "192.168.1.20", "[fd00::20]", "nas", "nas.local"])
      expect(names.has(name), name).toBe(true);
    expect(names.has("0.0.0.0")).toBe(false);
    expect(names.has("[fe80::1]")).toBe(false);
  });

  it("does not compare the port, and refuses every other name", () => {
    const names = siteNames({ listenHost: "127.0.0.1", allowedHosts: [] });
    expect(isSiteHost(names, "localhost:8080")).toBe(true);
    expect(isSiteHost(names, "127.0.0.1")).toBe(true);
    expect(isSiteHost(names, "rebind.attacker.example:3000")).toBe(false);
    expect(isSiteHost(names, "localhost.attacker.example")).toBe(false);
    expect(isSiteHost(names, "127.0.0.1.nip.io")).toBe(false);
    expect(isSiteHost(names, undefined)).toBe(false);
  });

  it("knows the loopback names", () => {
    expect(isLoopbackName("localhost")).toBe(true);
    expect(isLoopbackName("[::1]")).toBe(true);
    expect(isLoopbackName("192.168.1.20")).toBe(false);
    expect(isLoopbackName(undefined)).toBe(false);
  });
});

describe("siteOrigins", () => {
  const names = siteNames({ listenHost: "127.0.0.1", allowedHosts: [] });

  it("holds the request's own origin only under one of the site's names", () => {
    expect(siteOrigins(names, { protocol: "http", hostHeader: "localhost:3000" }, "http://localhost:3000")).toContain(
      "http://localhost:3000",
    );
    expect(
      siteOrigins(names, { protocol: "http", hostHeader: "rebind.attacker.example:3000" }, "http://localhost:3000"),
    ).toEqual(["http://localhost:3000"]);
  });
});

describe("trustedOriginsOf (Better Auth's trusted origins)", () => {
  const names = siteNames({ listenHost: "127.0.0.1", allowedHosts: [] });

  it("never trusts the origin a request names for itself", () => {
    const rebound = new Request("http://rebind.attacker.example:3000/api/auth/sign-in/email", { method: "POST" });
    expect(trustedOriginsOf(rebound, names, "http://localhost:3000")).toEqual(["http://localhost:3000"]);
  });

  it("trusts the request's own origin under one of the site's names, and the public origin without a request", () => {
    const local = new Request("http://127.0.0.1:3000/api/auth/sign-in/email", { method: "POST" });
    expect(trustedOriginsOf(local, names, "http://localhost:3000")).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
    ]);
    expect(trustedOriginsOf(undefined, names, "https://samen.example.org")).toEqual(["https://samen.example.org"]);
  });
});
