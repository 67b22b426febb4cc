import { describe, expect, it } from "vitest";
import { createApp } from "./app";
import { useTestServer } from "./test-server";

const server = useTestServer();

describe("HTTP server", () => {
  it("answers /healthz with the database up", async () => {
    const response = await fetch(server.url("/healthz"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
  });

  it("sets a request id and security headers", async () => {
    const response = await fetch(server.url("/healthz"));
    expect(response.headers.get("x-request-id")).toMatch(/^[\w-]{8,64}$/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(response.headers.get("content-security-policy")).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("refuses a cross-origin POST", async () => {
    const response = await fetch(server.url("/api/anything"), {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(response.status).toBe(403);
  });

  it("refuses a POST marked cross-site by the browser even without Origin", async () => {
    const response = await fetch(server.url("/api/anything"), {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(403);
  });

  it("answers a signed-in request private and uncacheable, whatever the route set", async () => {
    const signedIn = await fetch(server.url("/healthz"), {
      headers: { cookie: "samen_lang=nl; samen.session_token=abc.def" },
    });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    const anonymous = await fetch(server.url("/healthz"));
    expect(anonymous.headers.get("cache-control")).toBe("no-store");
  });

  it("has one framing policy: nobody may frame the site", async () => {
    const response = await fetch(server.url("/healthz"));
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
  });

  it("believes X-Forwarded-For only from loopback proxies by default", () => {
    const trusts = createApp({ mountAssets: () => {} }).get("trust proxy fn") as (
      address: string,
      hop: number,
    ) => boolean;
    expect(trusts("127.0.0.1", 0)).toBe(true);
    expect(trusts("::1", 0)).toBe(true);
    for (const client of ["10.1.2.3", "172.16.5.4", "192.168.1.20", "169.254.1.1", "fd00::1", "203.0.113.9"])
      expect(trusts(client, 0), client).toBe(false);
  });
});
