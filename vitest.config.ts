import os from "node:os";
import { defineConfig } from "vitest/config";
import { translationChunks } from "./scripts/translation-chunks-plugin.ts";

export default defineConfig({
  plugins: [
    translationChunks(),
    {
      // Page rendering is covered by the Playwright suite against the real build; HTTP tests only need the id to resolve.
      name: "stub-react-router-build",
      resolveId: (id) => (id === "virtual:react-router/server-build" ? "\0stub-server-build" : undefined),
      load: (id) => (id === "\0stub-server-build" ? "export default {};" : undefined),
    },
    {
      // A stylesheet's URL (`app.css?url`) as the build would give it: Vitest resolves it to an empty string, and React
      // warns about every <link href=""> the page renders.
      name: "stylesheet-url",
      enforce: "pre",
      // The virtual id must not end in ".css": Vitest empties every module that looks like a stylesheet.
      resolveId: (id) =>
        id.endsWith(".css?url")
          ? `\0stylesheet-url:${id
              .split("/")
              .pop()!
              .replace(/\.css\?url$/, "")}`
          : undefined,
      load: (id) =>
        id.startsWith("\0stylesheet-url:")
          ? `export default "/assets/${id.slice("\0stylesheet-url:".length)}.css";`
          : undefined,
    },
  ],
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/fakes/**/*.test.ts",
      "tests/faults/**/*.test.ts",
    ],
    environment: "node",
    globalSetup: ["app/db/test-template.global.ts"],
    pool: "forks",
    // Vitest 5 leaves one core free by default, which on a two-core CI machine runs the files one at a time and
    // doubles the suite's time; the files mostly wait on their databases, so every core runs one.
    maxWorkers: Math.max(2, os.availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test" },
  },
});
