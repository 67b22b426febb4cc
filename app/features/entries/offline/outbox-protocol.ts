/** What POST /app/outbox answers (outbox.server.ts), read by the device's sender (outbox-sender.ts). */
export type OutboxAnswer =
  | { status: "saved"; transactionId: string }
  | { status: "signedOut" }
  | { status: "otherUser" }
  | { status: "refused"; fieldErrors: Record<string, string | undefined> };

export const outboxPath = "/app/outbox";
