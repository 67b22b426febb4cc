import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { createApp } from "./app";

/**
 * The development outbox lists live reset-password links: only this machine may read it, judged by the connection's
 * own address (never X-Forwarded-For), whatever HOST the server listens on. The server here listens on every IPv4
 * interface, as HOST=0.0.0.0 makes it, and is asked once over loopback and once over this machine's network address.
 */

vi.mock("virtual:react-router/server-build", async () => (await import("./test-page-build")).pageServerBuild());

useTestDatabase();

const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((candidate) => candidate && candidate.family === "IPv4" && !candidate.internal)?.address;

let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = createApp({ mountAssets: () => {} }).listen(0, "0.0.0.0");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function get(
  address: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: address, port, path, headers: { host: `localhost:${port}`, ...headers }, agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
  });
}

describe("/dev/mail", () => {
  it("answers this machine over loopback", async () => {
    const answer = await get("127.0.0.1", "/dev/mail");
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("Development outbox");
  });

  it.skipIf(!networkAddress)(
    "answers 404 to the home network, even when it claims to be loopback in X-Forwarded-For",
    async () => {
      const address = networkAddress!;
      const claims: Record<string, string>[] = [
        {},
        { "x-forwarded-for": "127.0.0.1" },
        { "x-forwarded-for": "::1", "x-real-ip": "127.0.0.1", forwarded: "for=127.0.0.1" },
      ];
      for (const headers of claims) {
        for (const path of ["/dev/mail", "/dev/mail.data", "/DEV/MAIL", "/dev/mail/"]) {
          const answer = await get(address, path, headers);
          expect({ path, headers, status: answer.status }).toEqual({ path, headers, status: 404 });
          expect(answer.body).not.toContain("Development outbox");
        }
      }
    },
  );
});
