// Universal: route components reach this module through the form schemas (isUuid), so it runs in the browser
// too. Only the Web Crypto API, present in Node 24 and every browser; no Buffer, no node:* modules.

let lastMs = 0;
let sequence = 0;

const hexByte = Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, "0"));

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Sorting by id sorts by creation time,
 * which keeps "newest first" lists stable without an extra column. Monotonic within one process.
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  if (now <= lastMs) {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    sequence = (((bytes[6] ?? 0) << 8) | (bytes[7] ?? 0)) & 0x7ff;
  }
  // 48-bit big-endian milliseconds; split in two because bitwise operators work on 32 bits.
  const high = Math.floor(now / 0x1_0000_0000);
  const low = now % 0x1_0000_0000;
  bytes[0] = (high >>> 8) & 0xff;
  bytes[1] = high & 0xff;
  bytes[2] = (low >>> 24) & 0xff;
  bytes[3] = (low >>> 16) & 0xff;
  bytes[4] = (low >>> 8) & 0xff;
  bytes[5] = low & 0xff;
  bytes[6] = 0x70 | ((sequence >> 8) & 0x0f);
  bytes[7] = sequence & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  let hex = "";
  for (const byte of bytes) hex += hexByte[byte];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for any well-formed UUID; used before a value reaches a uuid column (a malformed one would be a 500). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}
