// Starts the production build on a free port with a throwaway data directory, for benchmarks.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

export interface RunningServer {
  url: string;
  /** The server process, for memory readings. */
  pid: number | undefined;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function ensureBuild(): void {
  const buildDir = process.env.SAMEN_BUILD_DIR ?? "build";
  if (fs.existsSync(path.join(buildDir, "server/index.js")) && !process.argv.includes("--build")) return;
  console.error("building the production bundle…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * `profileDir`: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). `onLogLine`: the
 * server's standard output, a JSON log line at a time (set LOG_LEVEL to see request lines); otherwise it is inherited.
 */
export async function startProductionServer(
  extraEnv: Record<string, string> = {},
  { profileDir, onLogLine }: { profileDir?: string; onLogLine?: (line: string) => void } = {},
): Promise<RunningServer> {
  ensureBuild();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "samen-bench-"));
  const profiling = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profiling, "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-00",
      ...extraEnv,
    },
    stdio: ["ignore", onLogLine ? "pipe" : "inherit", "inherit"],
  });
  if (onLogLine && child.stdout) readline.createInterface({ input: child.stdout }).on("line", onLogLine);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo account's session cookie, signed in once through the real endpoint (the server runs with SEED_DEMO). */
export async function signInDemo(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email: "demo@samen.app", password: "samen-demo-2024" }),
  });
  if (!response.ok) throw new Error(`demo sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export function pathsFromArgs(fallback: string[]): string[] {
  const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
  return paths.length ? paths : fallback;
}
