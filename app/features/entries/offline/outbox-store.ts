import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { TransactionKind } from "~/domain/categories";
import type { Language } from "~/domain/languages";

/**
 * The device's outbox (decision 0028): entries typed while offline, kept in IndexedDB until the server has them.
 * Each belongs to the person who typed it (`userId`) and is only ever shown to, or sent by, that person's session.
 * Browser code, also bundled into the service worker (Background Sync).
 */
export interface OutboxEntry {
  /** Made on the device; the server's idempotency key, so a retry never adds a second entry. */
  clientId: string;
  userId: string;
  householdId: string;
  /** The language the amount was typed in: the server reads its separators so. */
  language: Language;
  kind: TransactionKind;
  /** As typed, sent as typed; `amountMinor` is the device's reading of it, for its own lists and totals. */
  amount: string;
  amountMinor: number;
  currency: string;
  occurredOn: string;
  description: string;
  categoryId: string;
  /** As the form asks in a household of two ("1" shared, "0" personal; who paid); absent: the defaults. */
  shared?: string;
  memberUserId?: string;
  /** When it was typed (ISO), for the order of the pending list. */
  typedAt: string;
  /** Why the server refused it (the form's message keys): shown on the entry until it is changed or removed. */
  refusal?: Record<string, string | undefined>;
}

interface OutboxSchema extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { userId: string } };
}

const databaseName = "samen-outbox";
/** Other tabs (and the service worker) hear of every change here, so two tabs show the same pending entries. */
export const outboxChannelName = "samen-outbox";

let opened: Promise<IDBPDatabase<OutboxSchema>> | undefined;

function database(): Promise<IDBPDatabase<OutboxSchema>> {
  opened ??= openDB<OutboxSchema>(databaseName, 1, {
    upgrade(db) {
      const store = db.createObjectStore("entries", { keyPath: "clientId" });
      store.createIndex("userId", "userId");
    },
  });
  return opened;
}

function announce(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(outboxChannelName);
  channel.postMessage("changed");
  channel.close();
}

/** This person's entries, oldest first. */
export async function outboxEntriesOf(userId: string): Promise<OutboxEntry[]> {
  const entries = await (await database()).getAllFromIndex("entries", "userId", userId);
  return entries.sort((a, b) => a.typedAt.localeCompare(b.typedAt));
}

/** Keeps an entry (a new one, or a changed copy under the same client id). */
export async function keepInOutbox(entry: OutboxEntry): Promise<void> {
  await (await database()).put("entries", entry);
  announce();
}

export async function removeFromOutbox(clientId: string): Promise<void> {
  await (await database()).delete("entries", clientId);
  announce();
}

/** Drops all of one person's entries (they chose to at sign-out). */
export async function dropOutboxOf(userId: string): Promise<void> {
  const db = await database();
  const keys = await db.getAllKeysFromIndex("entries", "userId", userId);
  const tx = db.transaction("entries", "readwrite");
  await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  announce();
}

/** Calls `listener` whenever any tab or the service worker changes the outbox; returns the unsubscribe. */
export function onOutboxChange(listener: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(outboxChannelName);
  channel.onmessage = () => listener();
  return () => channel.close();
}
