// The open model of load: requests arrive at a fixed rate whether or not earlier ones have been answered, as people
// do, and each one's latency counts from the moment it was due (not from when a busy client got round to sending it),
// so a server that falls behind shows it in p99 instead of quietly slowing the generator down.
import http from "node:http";
import type { CpuShare } from "./cpu-share.ts";
import { percentile } from "./percentile.ts";

export interface MixRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface OpenStep {
  /** Requests per second asked for. */
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  /** Answers of 400 and above, refused connections and requests without an answer after 10 s. */
  errors: number;
  /** Where the cores went during the step, when the caller measures it. */
  cpu?: CpuShare;
  /** Each request of the mix's p50 and p99 (ms), by method and path without the query: which one makes the tail. */
  byRequest: { request: string; p50: number; p99: number }[];
}

/** A request of the mix as the figures name it: its method and path, without the query. */
export function requestLabel(request: Pick<MixRequest, "method" | "path">): string {
  return `${request.method} ${request.path.replace(/\?.*$/, "")}`;
}

/** Sends the mix, request after request in turn, at `rate` per second for `seconds`. */
export async function openLoad(base: string, mix: MixRequest[], rate: number, seconds: number): Promise<OpenStep> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const url = new URL(base);
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const byRequest = new Map<string, number[]>();
  let errors = 0;
  const answers: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = mix[index % mix.length]!;
    answers.push(
      new Promise<void>((resolve) => {
        const finish = (ok: boolean) => {
          if (!ok) errors++;
          else {
            const latency = performance.now() - due;
            latencies.push(latency);
            const label = requestLabel(request);
            const list = byRequest.get(label) ?? [];
            list.push(latency);
            byRequest.set(label, list);
          }
          resolve();
        };
        const outgoing = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: request.path,
            method: request.method,
            headers: { "accept-encoding": "br", ...request.headers },
            agent,
            timeout: 10_000,
          },
          (response) => {
            response.resume();
            response.on("end", () => finish((response.statusCode ?? 500) < 400));
            response.on("error", () => finish(false));
          },
        );
        outgoing.on("timeout", () => outgoing.destroy(new Error("timeout")));
        outgoing.on("error", () => finish(false));
        outgoing.end(request.body);
      }),
    );
  }
  await Promise.all(answers);
  agent.destroy();
  return {
    rate,
    sent: total,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
    byRequest: [...byRequest].map(([request, values]) => ({
      request,
      p50: Math.round(percentile(values, 50)),
      p99: Math.round(percentile(values, 99)),
    })),
  };
}

/**
 * Waits until the server has worked off what earlier load left queued: one pass through the mix, request after request,
 * answered each within `limitMs`, checked every second for at most a minute. A fixed pause did not say whether the
 * queue was empty: after a closed loop whose requests timed out, the embedded database was still answering them for
 * seconds, so a step could start behind that backlog.
 */
async function untilIdle(base: string, mix: MixRequest[], limitMs: number): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    let slowest = 0;
    for (const request of mix) {
      const started = performance.now();
      try {
        const response = await fetch(base + request.path, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          redirect: "manual",
        });
        await response.arrayBuffer();
      } catch {
        slowest = Infinity;
      }
      slowest = Math.max(slowest, performance.now() - started);
    }
    if (slowest < limitMs) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * The highest rate at which the mix keeps p99 under `limitMs` with no errors: rates rise by `factor` from `from`
 * until one fails, then the gap to the last good one is halved twice. Returns every step, and the best rate.
 */
export async function sustainableRate(
  base: string,
  mix: MixRequest[],
  {
    from = 20,
    factor = 1.5,
    seconds = 10,
    limitMs = 250,
    measureCpu,
  }: { from?: number; factor?: number; seconds?: number; limitMs?: number; measureCpu?: () => () => CpuShare } = {},
): Promise<{ best: OpenStep | undefined; steps: OpenStep[] }> {
  const steps: OpenStep[] = [];
  let best: OpenStep | undefined;
  let failed: number | undefined;
  const tryRate = async (rate: number) => {
    await untilIdle(base, mix, limitMs);
    const stop = measureCpu?.();
    const step: OpenStep = { ...(await openLoad(base, mix, rate, seconds)), cpu: stop?.() };
    steps.push(step);
    if (step.errors === 0 && step.p99 < limitMs) best = step;
    else failed = rate;
  };
  for (let rate = from; failed === undefined && rate < 5_000; rate = Math.round(rate * factor)) await tryRate(rate);
  for (let round = 0; round < 2 && failed !== undefined; round++) {
    const rate = Math.round(((best?.rate ?? 0) + failed) / 2);
    if (rate === best?.rate || rate === failed) break;
    await tryRate(rate);
  }
  return { best, steps };
}
