import cluster from "node:cluster";
// Launcher: in production it runs the bundled server (build/server/index.js); otherwise it serves
// the same server module through Vite's dev middleware. Everything else lives in server/app.ts.
// With PostgreSQL, production runs one server process per core (server/cluster.ts).
import http from "node:http";
import path from "node:path";
import express, { type Express } from "express";
import { defaultListenHost, startupMessage } from "../app/lib/loopback.ts";
import { runCluster, serverProcesses } from "./cluster.ts";
import { drainHttpServer } from "./graceful-stop.ts";
import { precompressedAssets } from "./precompressed.ts";
import { publicFiles } from "./public-files.ts";

import type * as ServerModuleExports from "./app.ts";

type ServerModule = typeof ServerModuleExports;

const production = process.env.NODE_ENV === "production";
const buildDirectory = path.resolve(process.env.SAMEN_BUILD_DIR ?? "build");
// How long a stopping server waits for the requests under way (a container platform's own grace period is ~30 s).
const shutdownGraceMs = 10_000;

async function loadServerModule(
  httpServer: http.Server,
): Promise<{ module: ServerModule; mountAssets(app: Express): void }> {
  if (production) {
    const module = (await import(path.join(buildDirectory, "server/index.js"))) as ServerModule;
    return {
      module,
      mountAssets(app) {
        app.use("/assets", precompressedAssets(path.join(buildDirectory, "client/assets")));
        app.use(
          "/assets",
          express.static(path.join(buildDirectory, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
        );
        app.use(publicFiles(path.join(buildDirectory, "client"), { skip: "/assets", maxAge: "1h" }));
      },
    };
  }
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server: httpServer } }, appType: "custom" });
  const module = (await vite.ssrLoadModule("./server/app.ts")) as ServerModule;
  return { module, mountAssets: (app) => app.use(vite.middlewares) };
}

async function main() {
  const server = http.createServer();
  let module: ServerModule;
  let mountAssets: (app: Express) => void;
  try {
    ({ module, mountAssets } = await loadServerModule(server));
  } catch (error) {
    console.error(
      `Could not load the server${production ? ` from ${buildDirectory} (run npm run build first)` : ""}:`,
      error,
    );
    process.exit(1);
  }
  try {
    await module.boot();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(message);
    process.exit(1);
  }

  const app = module.createApp({ mountAssets });
  const port = Number(process.env.PORT ?? 3000);
  // This machine only unless HOST says otherwise: a local installation's development outbox lists live reset links.
  const host = process.env.HOST || defaultListenHost;
  server.on("request", app);
  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    const kind = !production
      ? "development server"
      : process.env.PUBLIC_URL
        ? "production"
        : "production build, local installation";
    // Said once, by the first of several server processes sharing the port, and by a process alone.
    if (cluster.worker === undefined || cluster.worker.id === 1) {
      module.logger.info(startupMessage({ host, port: actualPort, kind }));
    }
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    module.logger.info({ signal }, "shutting down");
    if (!(await drainHttpServer(server, shutdownGraceMs))) {
      module.logger.warn({ graceMs: shutdownGraceMs }, "requests still running at shutdown were cut");
    }
    await module.shutdown();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

const processes = serverProcesses({ production, env: process.env });
if (processes.count > 1) await runCluster(processes.count);
else {
  if (processes.note) console.log(processes.note);
  await main();
}
