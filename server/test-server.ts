import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { createApp } from "./app";

/**
 * Starts the real Express app (every middleware and API route) on a free port over a fresh test database.
 * Page rendering needs the React Router build, so HTTP tests here cover middleware and API routes.
 */
export function useTestServer(): { url(path?: string): string } {
  useTestDatabase();
  let baseUrl = "";
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const app = createApp({ mountAssets: () => {} });
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close?.();
  });
  return { url: (path = "/") => baseUrl + path };
}
