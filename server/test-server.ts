import { afterAll, beforeAll } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { createApp } from "./app";
import type { KeptPages } from "./kept-pages";
import { listenOnFreePort } from "./listen-for-tests";

/**
 * Starts the real Express app (every middleware and API route) on a free port over a fresh test database.
 * Page rendering needs the React Router build, so HTTP tests here cover middleware and API routes.
 */
export function useTestServer(options: { keptPages?: KeptPages | null } = {}): { url(path?: string): string } {
  useTestDatabase();
  let baseUrl = "";
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ baseUrl, close } = await listenOnFreePort(createApp({ mountAssets: () => {}, ...options })));
  });
  afterAll(async () => {
    await close?.();
  });
  return { url: (path = "/") => baseUrl + path };
}
