/** What POST /app/outbox answers (outbox.server.ts), read by the device's sender (outbox-sender.ts). */
export type OutboxAnswer =
  | { status: "saved"; transactionId: string }
  | { status: "signedOut" }
  | { status: "otherUser" }
  | { status: "refused"; fieldErrors: Record<string, string | undefined> };

export const outboxPath = "/app/outbox";

/**
 * Checks an answer as it arrives. A hand-written check rather than a zod schema: the service worker bundles this
 * module, and zod would make it ten times larger, which every start of the worker (each offline page) pays for.
 */
export function isOutboxAnswer(value: unknown): value is OutboxAnswer {
  if (typeof value !== "object" || value === null || !("status" in value)) return false;
  switch (value.status) {
    case "saved":
      return "transactionId" in value && typeof value.transactionId === "string";
    case "signedOut":
    case "otherUser":
      return true;
    case "refused":
      return (
        "fieldErrors" in value &&
        typeof value.fieldErrors === "object" &&
        value.fieldErrors !== null &&
        Object.values(value.fieldErrors).every((message) => message === undefined || typeof message === "string")
      );
    default:
      return false;
  }
}
