import { describe, expect, it } from "vitest";
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
    const response = await fetch(server.url("/api/anything"), { method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(403);
  });
});
