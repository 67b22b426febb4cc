import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { drainHttpServer } from "./graceful-stop";

/** A server whose answers take `ms`; `never` leaves the request without an answer. */
async function slowServer(ms: number | "never") {
  const server = http.createServer((_request, response) => {
    if (ms === "never") return;
    setTimeout(() => response.end("done"), ms);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true });
  const get = () =>
    new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, agent }, (response) => {
          let body = "";
          response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }),
          );
        })
        .on("error", reject);
    });
  return { server, get, agent };
}

describe("drainHttpServer", () => {
  it("answers the requests under way, refuses new connections, and closes kept-alive ones", async () => {
    const { server, get, agent } = await slowServer(300);
    expect((await get()).status).toBe(200); // a kept-alive connection, idle when the stop begins
    const underWay = get();
    await sleep(50);
    const started = performance.now();
    const draining = drainHttpServer(server, 5_000);
    await expect(
      get().then(
        () => "answered",
        (error: NodeJS.ErrnoException) => error.code,
      ),
    ).resolves.toMatch(/ECONNREFUSED|ECONNRESET/);
    expect(await underWay).toEqual({ status: 200, body: "done", connection: "keep-alive" });
    expect(await draining).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
    agent.destroy();
  });

  it("drains a client that keeps sending on its kept-alive connection: later requests are told to close", async () => {
    const { server, get, agent } = await slowServer(20);
    const answers: { connection: string | undefined }[] = [];
    let sending = true;
    const client = (async () => {
      while (sending) {
        try {
          answers.push(await get());
        } catch {
          return; // refused once the server has stopped listening
        }
      }
    })();
    await sleep(100);
    const before = answers.length;
    expect(await drainHttpServer(server, 5_000)).toBe(true);
    sending = false;
    await client;
    expect(before).toBeGreaterThan(0);
    expect(answers.slice(before).some((answer) => answer.connection === "close")).toBe(true);
    agent.destroy();
  });

  it("cuts what is still running once the grace period is over", async () => {
    const { server, get, agent } = await slowServer("never");
    const hanging = get().then(
      () => "answered",
      (error: NodeJS.ErrnoException) => error.code,
    );
    await sleep(50);
    expect(await drainHttpServer(server, 200)).toBe(false);
    await expect(hanging).resolves.toBe("ECONNRESET");
    agent.destroy();
  });
});
