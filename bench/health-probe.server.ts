// What every "does this hold the others up" bench measures beside a heavy request: /healthz (a database ping) asked
// every 5 ms from a thread of its own, its slowest answer and p99, and the longest the event loop was held.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { pingDatabase } from "~/db/client.server";
import { percentile } from "./percentile.ts";

/** The app's /healthz (a database ping), served from this process, so the event loop it waits on is the work's. */
export async function healthServer(): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url !== "/healthz") return void response.writeHead(404).end();
    void pingDatabase().then((up) =>
      response
        .writeHead(up ? 200 : 503, { "content-type": "application/json" })
        .end(JSON.stringify({ status: up ? "ok" : "unavailable" })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Asks /healthz every 5 ms from a thread of its own (a prober on the main thread would stop when it stops). */
const prober = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const waits = [];
let stopping = false;
parentPort.on("message", () => { stopping = true; });
function probe() {
  if (stopping) return parentPort.postMessage({ waits });
  const started = performance.now();
  http.get({ host: "127.0.0.1", port: workerData.port, path: "/healthz", agent }, (response) => {
    response.resume();
    response.on("end", () => { waits.push(performance.now() - started); setTimeout(probe, 5); });
  }).on("error", () => setTimeout(probe, 5));
}
probe();
`;

export interface Probed<T> {
  ms: number;
  value: T;
  /** /healthz's slowest answer while the work ran. */
  healthMaxMs: number;
  healthP99Ms: number;
  probes: number;
  /** The longest the event loop was held (monitorEventLoopDelay). */
  loopMaxMs: number;
}

export async function whileProbed<T>(port: number, work: () => Promise<T>): Promise<Probed<T>> {
  const worker = new Worker(prober, { eval: true, workerData: { port } });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  loop.disable();
  const result = new Promise<{ waits: number[] }>((resolve) => worker.once("message", resolve));
  worker.postMessage("stop");
  const { waits } = await result;
  await worker.terminate();
  return {
    ms,
    value,
    healthMaxMs: Math.max(0, ...waits),
    healthP99Ms: percentile(waits, 99),
    probes: waits.length,
    loopMaxMs: loop.max / 1e6,
  };
}
