import { isOutboxAnswer, outboxPath, type OutboxAnswer } from "./outbox-protocol";
import { outboxEntriesOf, keepInOutbox, removeFromOutbox, type OutboxEntry } from "./outbox-store";

/** How a round of sending ended; the entries still in the outbox wait for the next round. */
export interface SendReport {
  saved: number;
  refused: number;
  /** Stopped early: no connection, or the server failed (5xx); the next online, focus or sync event tries again. */
  interrupted: boolean;
  /** The session expired: the entries stay until this person signs in again. */
  signedOut: boolean;
  /** Someone else is signed in on this device now: nothing of this person's is sent (or kept as pages). */
  otherUser: boolean;
}

function bodyOf(entry: OutboxEntry): URLSearchParams {
  return new URLSearchParams({
    userId: entry.userId,
    householdId: entry.householdId,
    clientId: entry.clientId,
    language: entry.language,
    kind: entry.kind,
    amount: entry.amount,
    occurredOn: entry.occurredOn,
    description: entry.description,
    categoryId: entry.categoryId,
    ...(entry.shared ? { shared: entry.shared } : {}),
    ...(entry.memberUserId ? { memberUserId: entry.memberUserId } : {}),
  });
}

async function sendOne(entry: OutboxEntry): Promise<OutboxAnswer | "failed"> {
  try {
    const response = await fetch(outboxPath, {
      method: "POST",
      body: bodyOf(entry),
      credentials: "same-origin",
      redirect: "manual",
      headers: { accept: "application/json" },
    });
    if (response.status >= 500 || !response.headers.get("content-type")?.includes("application/json")) return "failed";
    const answer: unknown = await response.json();
    return isOutboxAnswer(answer) ? answer : "failed";
  } catch {
    return "failed";
  }
}

/**
 * Sends this person's pending entries, oldest first, one at a time, and takes each off the device once the server has
 * it. A refused one keeps the server's messages and is not sent again until changed. Tabs and the service worker
 * take turns through a Web Lock, so one round runs at a time on the device (the server's idempotency key would
 * still add each once).
 */
export async function sendOutbox(userId: string): Promise<SendReport> {
  const round = async (): Promise<SendReport> => {
    const report: SendReport = { saved: 0, refused: 0, interrupted: false, signedOut: false, otherUser: false };
    for (const entry of await outboxEntriesOf(userId)) {
      if (entry.refusal) continue;
      const answer = await sendOne(entry);
      if (answer === "failed") return { ...report, interrupted: true };
      switch (answer.status) {
        case "saved":
          await removeFromOutbox(entry.clientId);
          report.saved += 1;
          break;
        case "refused":
          await keepInOutbox({ ...entry, refusal: answer.fieldErrors });
          report.refused += 1;
          break;
        case "signedOut":
          return { ...report, signedOut: true };
        case "otherUser":
          // Someone else is signed in on this device now: their session never sends this person's entries.
          return { ...report, interrupted: true, otherUser: true };
      }
    }
    return report;
  };
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? locks.request("samen-outbox", round) : round();
}
