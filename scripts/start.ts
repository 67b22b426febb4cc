// `npm start`: the product as its users run it. Builds the production bundle when there is none or the sources are
// newer than it, then serves that build (NODE_ENV=production). Without PUBLIC_URL this is a local installation:
// embedded database, its own generated AUTH_SECRET, mail in the development outbox (/dev/mail) and demo content —
// see isProduction() in app/config.server.ts. `npm run dev` is the Vite development server instead.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(projectRoot);
const buildDirectory = path.resolve(process.env.SAMEN_BUILD_DIR ?? "build");
const serverBundle = path.join(buildDirectory, "server/index.js");

/** Everything the build reads; tests are left out, they never reach the bundle. */
const sources = [
  "app",
  "server",
  "public",
  // The build's own plugins (compact icons and their sprite, translation chunks).
  "scripts",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const testFile = /\.(?:test|spec)\.[cm]?[jt]sx?$/;

function newestSource(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return testFile.test(entry) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestSource(path.join(entry, name)));
  return newest;
}

function builtAt(): number {
  try {
    return fs.statSync(serverBundle).mtimeMs;
  } catch {
    return 0;
  }
}

const built = builtAt();
const changed = Math.max(...sources.map(newestSource));
if (built === 0 || changed > built) {
  console.log(
    built === 0
      ? "No production build yet: building it once (about a minute)…"
      : "Sources changed since the last build: building again…",
  );
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The production build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
}

process.env.NODE_ENV = "production";
await import("../server/index.ts");
