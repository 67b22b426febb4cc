// Starts the command under test (SMOKE_COMMAND, default `npm run dev`, in SMOKE_CWD or this clone) the way a newcomer
// would: no SMTP server, no PostgreSQL, no public URL, so it is a local installation with the embedded database, the
// development outbox (/dev/mail) and the demo content. Only the port and a throwaway data folder are chosen for it.
// Copies everything the server prints into SMOKE_ROOT/server.log (the tests look there for a Vite reload) and
// removes SMOKE_ROOT once the server has stopped.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = process.env.SMOKE_ROOT;
const port = process.env.SMOKE_PORT;
if (!root || !port) throw new Error("SMOKE_ROOT and SMOKE_PORT are not set (run through playwright.smoke.config.ts)");

const command = process.env.SMOKE_COMMAND || "npm run dev";
const cwd = path.resolve(process.env.SMOKE_CWD || path.join(import.meta.dirname, "../.."));

// Settings that would point the server at something other than a fresh local installation.
const inherited = { ...process.env };
for (const name of [
  "NODE_ENV",
  "PUBLIC_URL",
  "APP_URL",
  "PUBLIC_ASSETS_URL",
  "DATABASE_URL",
  "SMTP_URL",
  "AUTH_SECRET",
  "CREATOR_EMAILS",
  "TRANSLATION_PROVIDER",
  "GA_MEASUREMENT_ID",
]) {
  delete inherited[name];
}
for (const name of Object.keys(inherited)) if (name.startsWith("STRIPE_")) delete inherited[name];

const env = {
  ...inherited,
  PORT: port,
  HOST: "127.0.0.1",
  DATA_DIR: path.join(root, "data"),
  SEED_DEMO: "true",
  // Request lines would drown the test report; warnings and errors still show.
  LOG_LEVEL: "warn",
};

const log = fs.createWriteStream(path.join(root, "server.log"));
console.error(`smoke: ${command} (in ${cwd}) on port ${port}, data in ${env.DATA_DIR}`);
const child = spawn(command, { cwd, env, shell: true, stdio: ["ignore", "pipe", "pipe"] });
child.stdout.on("data", (chunk: Buffer) => log.write(chunk));
child.stderr.on("data", (chunk: Buffer) => {
  log.write(chunk);
  process.stderr.write(chunk);
});

// Playwright stops the web server with SIGTERM to the whole process group; the server shuts down on it too.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}

child.on("exit", (code, signal) => {
  log.end(() => {
    if (process.env.SMOKE_KEEP) console.error(`smoke: kept ${root}`);
    else fs.rmSync(root, { recursive: true, force: true });
    process.exit(code ?? (signal ? 1 : 0));
  });
});
