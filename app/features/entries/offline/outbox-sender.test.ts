import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OutboxAnswer } from "./outbox-protocol";
import { sendOutbox } from "./outbox-sender";
import { dropOutboxOf, keepInOutbox, outboxEntriesOf, type OutboxEntry } from "./outbox-store";

const entry = (clientId: string, overrides: Partial<OutboxEntry> = {}): OutboxEntry => ({
  clientId,
  userId: "user-a",
  householdId: "00000000-0000-4000-8000-000000000001",
  language: "nl",
  kind: "expense",
  amount: "4,20",
  amountMinor: 420,
  currency: "EUR",
  occurredOn: "2026-11-29",
  description: `Entry ${clientId}`,
  categoryId: "00000000-0000-4000-8000-000000000202",
  typedAt: `2026-11-29T08:00:0${clientId}Z`,
  ...overrides,
});

/** A server that answers each send with the next of `answers` (a status and a body, or a network failure). */
function server(answers: (readonly [number, OutboxAnswer | string] | "offline")[]) {
  const sent: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: { body: URLSearchParams }) => {
      sent.push(init.body);
      const next = answers.shift() ?? "offline";
      if (next === "offline") throw new TypeError("Failed to fetch");
      const [status, body] = next;
      return typeof body === "string"
        ? new Response(body, { status, headers: { "content-type": "text/html" } })
        : Response.json(body, { status });
    }),
  );
  return sent;
}

describe("sendOutbox", () => {
  beforeEach(async () => {
    await dropOutboxOf("user-a");
    await dropOutboxOf("user-b");
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the oldest first, as typed, and takes each off the device once saved", async () => {
    await keepInOutbox(entry("2"));
    await keepInOutbox(entry("1", { shared: "1" }));
    const sent = server([
      [200, { status: "saved", transactionId: "t1" }],
      [200, { status: "saved", transactionId: "t2" }],
    ]);
    expect(await sendOutbox("user-a")).toEqual({
      saved: 2,
      refused: 0,
      interrupted: false,
      signedOut: false,
      otherUser: false,
    });
    expect(sent.map((body) => body.get("clientId"))).toEqual(["1", "2"]);
    expect(Object.fromEntries(sent[0] ?? [])).toMatchObject({ amount: "4,20", language: "nl", shared: "1" });
    expect(await outboxEntriesOf("user-a")).toEqual([]);
  });

  it("keeps what is left when the connection drops or the server fails, for the next round", async () => {
    await keepInOutbox(entry("1"));
    await keepInOutbox(entry("2"));
    server([[200, { status: "saved", transactionId: "t1" }], "offline"]);
    expect(await sendOutbox("user-a")).toMatchObject({ saved: 1, interrupted: true });
    server([[502, "<html>Bad gateway</html>"]]);
    expect(await sendOutbox("user-a")).toMatchObject({ saved: 0, interrupted: true });
    expect((await outboxEntriesOf("user-a")).map((kept) => kept.clientId)).toEqual(["2"]);
  });

  it("keeps a refused entry with the server's reasons and does not send it again", async () => {
    await keepInOutbox(entry("1"));
    server([[422, { status: "refused", fieldErrors: { amount: "errors.amount.invalid" } }]]);
    expect(await sendOutbox("user-a")).toMatchObject({ refused: 1 });
    const sent = server([]);
    expect(await sendOutbox("user-a")).toMatchObject({ refused: 0, saved: 0 });
    expect(sent).toEqual([]);
    expect((await outboxEntriesOf("user-a"))[0]?.refusal).toEqual({ amount: "errors.amount.invalid" });
  });

  it("stops on an expired session or another person's, keeping everything", async () => {
    await keepInOutbox(entry("1"));
    server([[401, { status: "signedOut" }]]);
    expect(await sendOutbox("user-a")).toMatchObject({ signedOut: true, otherUser: false, saved: 0 });
    server([[409, { status: "otherUser" }]]);
    expect(await sendOutbox("user-a")).toMatchObject({
      interrupted: true,
      otherUser: true,
      signedOut: false,
      saved: 0,
    });
    expect(await outboxEntriesOf("user-a")).toHaveLength(1);
  });

  it("only ever reads and sends the given person's entries", async () => {
    await keepInOutbox(entry("1", { userId: "user-b" }));
    const sent = server([]);
    expect(await sendOutbox("user-a")).toMatchObject({ saved: 0 });
    expect(sent).toEqual([]);
    expect(await outboxEntriesOf("user-b")).toHaveLength(1);
  });
});
