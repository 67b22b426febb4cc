// `npm run test:pg`: the test files that reach the database, again on a real PostgreSQL server (DATABASE_URL, else the
// local default). The other files test pure code, which the embedded run has already covered, so running them twice
// would only add minutes to CI.
import { spawnSync } from "node:child_process";

// A file reaches the database through one of these: its own database, the test server (which opens one), or a
// helper process that opens the one it is given.
const databaseMarkers = [
  "useTestDatabase",
  "openDatabase",
  "test-server",
  "DATABASE_URL",
  "kill-target",
  "app-commands",
];

const listed = spawnSync(
  "git",
  ["grep", "-l", ...databaseMarkers.flatMap((marker) => ["-e", marker]), "--", "*.test.ts", "*.test.tsx"],
  { encoding: "utf8" },
);
if (listed.status !== 0) {
  console.error(listed.stderr || "git grep found no test file that reaches the database");
  process.exit(1);
}
const files = listed.stdout.split("\n").filter((file) => file && !file.startsWith("tests/e2e/"));

const result = spawnSync("npx", ["vitest", "run", ...files], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
});
process.exit(result.status ?? 1);
