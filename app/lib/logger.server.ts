import pino from "pino";
import { processWide } from "./global-singleton";

/** Path segments that carry a secret: invitation tokens, Better Auth's reset-password callback token. */
const secretPathSegments = /(\/(?:invitations|reset-password|verify-email)\/)[^/?#]+/gi;

/**
 * A URL as it may appear in a log: query values and token segments replaced by "[redacted]", keys kept so the log
 * still says what kind of request it was. Verification, reset and invitation links carry their secret in one of these.
 */
export function redactUrl(url: string): string {
  const hashless = url.split("#")[0] ?? "";
  const queryStart = hashless.indexOf("?");
  const path = (queryStart === -1 ? hashless : hashless.slice(0, queryStart)).replace(
    secretPathSegments,
    "$1[redacted]",
  );
  if (queryStart === -1) return path;
  const keys = hashless
    .slice(queryStart + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=[redacted]`);
  return keys.length ? `${path}?${keys.join("&")}` : path;
}

const droppedErrorFields = new Set(["params", "parameters", "detail", "where", "internalQuery", "raw"]);

function isErrorLike(value: unknown): value is Error & Record<string, unknown> {
  return typeof value === "object" && value !== null && "message" in value && typeof value.message === "string";
}

/**
 * Errors as they may appear in a log. A failed query carries its parameters (names, e-mail addresses, descriptions)
 * in `params` and in its message ("Failed query: …\nparams: …"), and PostgreSQL's `detail` repeats the values of a
 * violated key: all of it is left out; the statement text (placeholders only), codes and causes stay.
 */
export function serializeError(input: unknown): unknown {
  // pino-http hands over pino's own serialization, which keeps the original error in `raw`.
  const original = isErrorLike(input) && "raw" in input && isErrorLike(input.raw) ? input.raw : input;
  return isErrorLike(original) ? safeError(original, 0) : input;
}

function safeError(error: Error, depth: number): Record<string, unknown> {
  const safe: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: withoutQueryParameters(error.message),
    stack: typeof error.stack === "string" ? withoutQueryParameters(error.stack) : undefined,
  };
  for (const [key, value] of Object.entries(error)) {
    if (droppedErrorFields.has(key) || key in safe || key === "cause") continue;
    if (key === "url" && typeof value === "string") safe[key] = redactUrl(value);
    else if (value === null || ["string", "number", "boolean"].includes(typeof value)) safe[key] = value;
  }
  if (isErrorLike(error.cause) && depth < 4) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

/**
 * Drizzle's "Failed query: <sql>\nparams: <values>": the values go, up to the first stack frame. PostgreSQL's
 * 'invalid input syntax for type uuid: "<value>"' quotes the value it refused: the quoted value goes too.
 */
function withoutQueryParameters(text: string): string {
  const start = text.indexOf("\nparams: ");
  const frames = text.indexOf("\n    at ", Math.max(start, 0));
  const withoutParams =
    start === -1 ? text : `${text.slice(0, start)}\nparams: [redacted]${frames === -1 ? "" : text.slice(frames)}`;
  return withoutInvalidInput(withoutParams);
}

const invalidInput = /invalid input (?:syntax|value) for [^:\n]{0,100}: "/;

/**
 * PostgreSQL's `invalid input syntax for type uuid: "…"` quotes what was sent: the value up to the last quote before
 * the stack frames goes. Found with indexOf, as a lazy `[\s\S]*?"` tried from every quote is quadratic in the text.
 */
function withoutInvalidInput(text: string): string {
  const found = invalidInput.exec(text);
  if (!found) return text;
  const valueStart = found.index + found[0].length;
  const frames = text.indexOf("\n    at ", valueStart);
  const closing = text.lastIndexOf('"', (frames === -1 ? text.length : frames) - 1);
  if (closing < valueStart) return text;
  return `${text.slice(0, valueStart)}[redacted]${text.slice(closing)}`;
}

/**
 * Removes a failed query's values from the error object itself, for code we do not own that prints errors with
 * `console.error` (Better Auth's router does, for every error its hooks do not answer).
 */
export function scrubQueryParameters(error: unknown, depth = 0): void {
  if (!isErrorLike(error) || depth > 4) return;
  for (const key of droppedErrorFields) if (key in error && key !== "raw") error[key] = "[redacted]";
  error.message = withoutQueryParameters(error.message);
  if (typeof error.stack === "string") error.stack = withoutQueryParameters(error.stack);
  scrubQueryParameters(error.cause, depth + 1);
}

/** One pino logger for the process; pretty output is left to `pino-pretty` in a pipe. */
export const logger: pino.Logger = processWide("logger", () =>
  pino({
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: undefined,
    serializers: { err: serializeError, url: (url: unknown) => (typeof url === "string" ? redactUrl(url) : url) },
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"], remove: true },
  }),
);
