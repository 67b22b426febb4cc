/**
 * Which database failures are the service's state rather than a bug: the database cannot be reached (a restart, a
 * failover, a dropped connection) or its disk is full. Pages answer these with 503 or 507 and a page that says so,
 * instead of the 500 an unexpected error gets.
 */
export type DatabaseFault = "unavailable" | "diskFull";

/** SQLSTATE: 53100 disk_full. */
const diskFullCodes = new Set(["53100"]);
/**
 * SQLSTATE class 08 (connection exception); 57P01–57P03: the server is shutting down, crashed or still starting up;
 * 53300: too many connections.
 */
const unavailableCodes = /^(?:08...|57P0[123]|53300)$/;
/** The network when the server is down or unreachable. */
const unavailableSystemCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
/** node-postgres says these without a code: a connection that died under a query, or none to be had in time. */
const unavailableMessages = [
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
];

function faultOfOne(error: object): DatabaseFault | undefined {
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  if (code && (diskFullCodes.has(code) || code === "ENOSPC")) return "diskFull";
  if (code && (unavailableCodes.test(code) || unavailableSystemCodes.has(code))) return "unavailable";
  const message = "message" in error && typeof error.message === "string" ? error.message : "";
  if (unavailableMessages.some((known) => message.startsWith(known))) return "unavailable";
  return undefined;
}

/**
 * The fault behind an error, looking through the wrappers on the way (Drizzle's "Failed query" keeps the driver's
 * error as its cause; a refused connection to a name with several addresses is an AggregateError).
 */
export function databaseFaultOf(error: unknown): DatabaseFault | undefined {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 10; seen++) {
    const current = pending.shift();
    if (typeof current !== "object" || current === null) continue;
    const fault = faultOfOne(current);
    if (fault) return fault;
    if ("cause" in current) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return undefined;
}

/** Seconds a 503 or 507 answer asks the client to wait (Retry-After) before it tries again. */
export const faultRetryAfterSeconds = 30;

/** The HTTP status a fault answers with: 507 Insufficient Storage for a full disk, else 503 Service Unavailable. */
export function statusOfDatabaseFault(fault: DatabaseFault): 503 | 507 {
  return fault === "diskFull" ? 507 : 503;
}

/**
 * Whether an error is PostgreSQL's unique_violation (SQLSTATE 23505), looking through the wrappers: Drizzle's
 * "Failed query" keeps the driver's error (PGlite's or node-postgres's, both with `code`) as its cause. A use case
 * that meets one answers a conflict (409) or a refusal (400), never a crash: two tabs, two members or two requests
 * wrote the same thing at once.
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && typeof current === "object" && current !== null; depth++) {
    if ("code" in current && current.code === "23505") return true;
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}

/** What `write` gives, or undefined when a unique index refused it (any other error stays an error). */
export async function unlessUniqueViolation<T>(write: PromiseLike<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}
