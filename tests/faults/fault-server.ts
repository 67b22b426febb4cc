import net from "node:net";
import type { AddressInfo } from "node:net";
import { createApp } from "../../server/app";

/** The real Express app on a free port over whatever database the test opened (pages need the page build mock). */
export async function startApp(): Promise<{ url(path?: string): string; close(): Promise<void> }> {
  const server = createApp({ mountAssets: () => {} }).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path = "/") => base + path,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Signs in through Better Auth's API, as the sign-in page does; returns the Cookie header for later requests. */
export async function signIn(url: (path: string) => string, email: string, password: string): Promise<string> {
  const response = await fetch(url("/api/auth/sign-in/email"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** What an error page must never show: stack frames, driver messages, SQL. */
export const leakedInternals =
  /\bat \S+ \(|node:internal|Connection terminated|ECONNREFUSED|DrizzleQueryError|Failed query|No space left|could not extend/;

/**
 * A TCP proxy between the app's connection pool and a database server: `cut()` drops every open connection and
 * refuses new ones, as a server that restarts does; `restore()` lets connections through again. `dropWhen` drops a
 * connection as the client sends data it matches (a connection that dies at one exact statement).
 */
export async function startTcpProxy(target: { host: string; port: number }, dropWhen?: (sent: Buffer) => boolean) {
  const open = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    if (dropWhen) client.on("data", (sent: Buffer) => dropWhen(sent) && drop());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
