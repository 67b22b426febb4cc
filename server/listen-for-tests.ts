import type { Server } from "node:http";
import type { Express } from "express";

/** Starts an Express app on a free loopback port, for HTTP tests: its base URL, and how to stop it. */
export async function listenOnFreePort(app: Express): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error(`Not listening on a TCP port: ${address}`);
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
