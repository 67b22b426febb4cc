import http from "node:http";
import net, { type AddressInfo } from "node:net";
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
    const { server } = await slowServer(100);
    const port = (server.address() as AddressInfo).port;
    // One raw connection, so the second request is known to travel on the first one's socket. It is written while the
    // first is still being answered: the connection is never idle between the two, whatever the machine's speed, so
    // the drain's sweep of idle connections cannot close it first (as it could when a client raced it, on a slow CI).
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    const request = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n";
    socket.write(request);
    await sleep(30);
    const draining = drainHttpServer(server, 5_000);
    socket.write(request);
    expect(await draining).toBe(true);
    await closed;
    const answers = received.split("HTTP/1.1 ").slice(1);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^200 [\s\S]*connection: keep-alive/i);
    expect(answers[1]).toMatch(/^200 [\s\S]*connection: close/i);
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
