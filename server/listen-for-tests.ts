import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

/** Starts an Express app on a free loopback port, for HTTP tests: its base URL, and how to stop it. */
export async function listenOnFreePort(app: Express): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
