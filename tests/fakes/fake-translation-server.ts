// Shared plumbing for the fake DeepL, OpenAI and LibreTranslate servers: an HTTP server on a free port
// whose behaviour (success, 429, quota, 5xx, malformed reply, delay) tests switch at run time.
import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake answers to the next translation requests. */
export type FakeMode = "ok" | "rate-limit" | "quota" | "server-error" | "malformed";
export const fakeModes: FakeMode[] = ["ok", "rate-limit", "quota", "server-error", "malformed"];

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeState {
  mode: FakeMode;
  /** When set, only this many requests get `mode`; later ones succeed again (to test retries). */
  remainingFailures: number | undefined;
  delayMs: number;
  requests: FakeRequest[];
}

export interface FakeServer {
  url: string;
  state: FakeState;
  /** Switches the behaviour; `times` limits a failure mode to that many requests. */
  setMode(mode: FakeMode, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

/** The fake's "translation": the target language tag in front, so tests can see what happened. */
export function fakeTranslate(text: string, target: string): string {
  return `[${target.toLowerCase()}] ${text}`;
}

/** The mode for this request: a text can force one with a marker word (useful from a browser test). */
export function effectiveMode(state: FakeState, body: string): FakeMode {
  for (const mode of fakeModes)
    if (mode !== "ok" && body.includes(`FAKE_${mode.toUpperCase().replace("-", "_")}`)) return mode;
  if (state.mode === "ok") return "ok";
  if (state.remainingFailures === undefined) return state.mode;
  if (state.remainingFailures <= 0) return "ok";
  state.remainingFailures -= 1;
  return state.mode;
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

type Handler = (request: FakeRequest, state: FakeState, res: http.ServerResponse) => void;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/**
 * Starts a fake on `port` (0: a free one). Besides the service's own API it answers
 * POST /__fake/mode {"mode", "times"?, "delayMs"?} and GET /__fake/requests for tests in other processes.
 */
export function startFakeServer(handler: Handler, port = 0): Promise<FakeServer> {
  const state: FakeState = { mode: "ok", remainingFailures: undefined, delayMs: 0, requests: [] };
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (path === "/__fake/mode" && req.method === "POST") {
      const options = JSON.parse(body || "{}") as { mode?: FakeMode; times?: number; delayMs?: number };
      state.mode = options.mode && fakeModes.includes(options.mode) ? options.mode : "ok";
      state.remainingFailures = options.times;
      state.delayMs = options.delayMs ?? state.delayMs;
      return sendJson(res, 200, { mode: state.mode });
    }
    if (path === "/__fake/requests") return sendJson(res, 200, state.requests);
    const request: FakeRequest = { method: req.method ?? "GET", path, headers: req.headers, body };
    state.requests.push(request);
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    handler(request, state, res);
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        state,
        setMode(mode, times) {
          state.mode = mode;
          state.remainingFailures = times;
        },
        reset() {
          state.mode = "ok";
          state.remainingFailures = undefined;
          state.delayMs = 0;
          state.requests.length = 0;
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Parses a JSON or form-encoded body into plain values (repeated form keys become arrays). */
export function parseBody(request: FakeRequest): Record<string, unknown> {
  const type = String(request.headers["content-type"] ?? "");
  if (type.includes("application/json")) {
    try {
      return JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(request.body)) {
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else result[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}
