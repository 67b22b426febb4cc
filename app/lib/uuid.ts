import { randomBytes } from "node:crypto";

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Sorting by id sorts by creation time,
 * which keeps "newest first" lists stable without an extra column. Monotonic within one process.
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  if (now <= lastMs) {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    sequence = bytes.readUInt16BE(6) & 0x7ff;
  }
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((sequence >> 8) & 0x0f);
  bytes[7] = sequence & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for any well-formed UUID; used before a value reaches a uuid column (a malformed one would be a 500). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}
