import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    {
      // Page rendering is covered by the Playwright suite against the real build; HTTP tests only need the id to resolve.
      name: "stub-react-router-build",
      resolveId: (id) => (id === "virtual:react-router/server-build" ? "\0stub-server-build" : undefined),
      load: (id) => (id === "\0stub-server-build" ? "export default {};" : undefined),
    },
  ],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/fakes/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test" },
  },
});
