import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, lte } from "drizzle-orm";
import type { SMTPServer } from "smtp-server";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema/mail";
import { useTestDatabase } from "~/db/test-database";
import { signUpWithPassword } from "~/features/auth/account.server";
import { readSinkMails, startSmtpSink } from "../../../tests/fakes/smtp-sink";
import { sendMail } from "./mailer.server";
import { giveUpAfterMs } from "./retry-policy";
import { claimDueMail, queueMail } from "./retry-queue.server";
import { MailRetryWorker } from "./retry-worker.server";

// The SMTP server's address is fixed before anything reads the configuration; nothing listens there yet.
const { smtpPort } = await vi.hoisted(async () => {
  const net = await import("node:net");
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  return { smtpPort: port };
});

useTestDatabase();

const sinkDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "samen-mail-retry-"));
let sink: SMTPServer | undefined;
const workers: MailRetryWorker[] = [];

async function startSink() {
  sink = await startSmtpSink({
    port: smtpPort,
    directory: sinkDirectory,
    refuseRecipient: (address) => address.endsWith("@bounce.example"),
  });
}

function newWorker(options: ConstructorParameters<typeof MailRetryWorker>[0] = {}) {
  const worker = new MailRetryWorker(options);
  workers.push(worker);
  return worker;
}

async function waitFor<T>(find: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const rowsFor = (recipient: string) => db().select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
const secondsBetween = (later: Date, earlier: Date) => (later.getTime() - earlier.getTime()) / 1000;
const mail = (to: string, subject = "Hello") => ({
  to,
  subject,
  html: `<p>${subject}</p>`,
  text: subject,
  kind: "test",
});
const unreachable = () =>
  Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ESOCKET", command: "CONN" }));

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => (sink ? sink.close(() => resolve()) : resolve()));
  fs.rmSync(sinkDirectory, { recursive: true, force: true });
});

describe("mail that the SMTP server does not take", () => {
  const email = "ada@example.com";

  it("with the SMTP server down, sign-up still succeeds and its confirmation mail waits in the outbox, in the reader's language", async () => {
    const created = await signUpWithPassword({
      request: new Request("http://localhost:3000/signup", { method: "POST" }),
      name: "Ada",
      email,
      password: "correct horse battery",
      language: "de",
    });
    expect(created).toMatchObject({ ok: true });

    const [row] = await waitFor(async () => ((await rowsFor(email)).length > 0 ? rowsFor(email) : undefined));
    expect(row).toMatchObject({
      kind: "verify-email",
      attempts: 1,
      sentAt: null,
      failedAt: null,
      lastError: "ESOCKET CONN ECONNREFUSED",
    });
    expect(row?.html).toContain('lang="de"');
    expect(row?.html).toContain("/auth/verify?token=");
    expect(secondsBetween(row!.nextAttemptAt, row!.createdAt)).toBe(30);
  });

  it("once the server is up, two workers running at once deliver the waiting mail exactly once", async () => {
    await startSink();
    const inAMinute = () => new Date(Date.now() + 60_000);
    const [first, second] = await Promise.all([
      newWorker({ now: inAMinute }).deliverDue(),
      newWorker({ now: inAMinute }).deliverDue(),
    ]);
    expect(first.sent + second.sent).toBe(1);

    const delivered = readSinkMails(sinkDirectory, email);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.raw).toContain('lang=3D"de"');
    const [row] = await rowsFor(email);
    // Sent: the body (and the link in it) is not kept.
    expect(row).toMatchObject({ attempts: 2, failedAt: null, lastError: null, html: "", text: "" });
    expect(row?.sentAt).toBeInstanceOf(Date);

    expect(await newWorker({ now: () => new Date(Date.now() + giveUpAfterMs) }).deliverDue()).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(readSinkMails(sinkDirectory, email)).toHaveLength(1);
  });

  it("waits 30 s, 1 min, 2 min … at most an hour between attempts, by the clock it is given, and gives up after a day", async () => {
    const start = new Date("2026-03-01T08:00:00Z");
    const recipient = "backoff@example.com";
    await queueMail({
      kind: "test",
      recipient,
      subject: "s",
      html: "<p>s</p>",
      text: "s",
      lastError: "ESOCKET CONN",
      now: start,
      nextAttemptAt: new Date(start.getTime() + 30_000),
    });
    let now = new Date(start.getTime() + 29_000);
    const worker = newWorker({ now: () => now, deliver: unreachable });
    expect(await worker.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });

    const waits: number[] = [];
    let [row] = await rowsFor(recipient);
    while (!row?.failedAt) {
      now = row!.nextAttemptAt;
      const before = now;
      await worker.deliverDue();
      [row] = await rowsFor(recipient);
      if (!row?.failedAt) waits.push(secondsBetween(row!.nextAttemptAt, before));
    }
    expect(waits.slice(0, 9)).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    expect(secondsBetween(row.failedAt, start)).toBeGreaterThanOrEqual(giveUpAfterMs / 1000);
    expect(secondsBetween(row.failedAt, start)).toBeLessThan(giveUpAfterMs / 1000 + 3600);
    expect(row.lastError).toBe("ESOCKET CONN ECONNREFUSED");

    now = new Date(now.getTime() + giveUpAfterMs);
    expect(await worker.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it("a recipient the server refuses for good (550) is recorded as failed and never retried", async () => {
    const recipient = "nobody@bounce.example";
    await sendMail(mail(recipient, "Reset your password https://samen.app/reset-password?token=secret-token"));
    const [row] = await rowsFor(recipient);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: "EENVELOPE RCPT TO 550", html: "", text: "" });
    expect(row?.failedAt).toBeInstanceOf(Date);

    expect(await newWorker({ now: () => new Date(Date.now() + 2 * 60 * 60 * 1000) }).deliverDue()).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect((await rowsFor(recipient))[0]?.attempts).toBe(1);
  });

  it("a queued mail refused with 550 on a later attempt stops there too", async () => {
    const recipient = "gone@bounce.example";
    const now = new Date();
    await queueMail({
      kind: "test",
      recipient,
      subject: "s",
      html: "<p>s</p>",
      text: "s",
      lastError: "ESOCKET CONN",
      now,
      nextAttemptAt: now,
    });
    expect(await newWorker().deliverDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await rowsFor(recipient);
    expect(row).toMatchObject({ attempts: 2, lastError: "EENVELOPE RCPT TO 550" });
    expect(row?.failedAt).toBeInstanceOf(Date);
  });

  it("a started worker delivers due mail on its own, and stopping it ends its timer", async () => {
    const recipient = "later@example.com";
    const now = new Date();
    await queueMail({
      kind: "test",
      recipient,
      subject: "Later",
      html: "<p>Later</p>",
      text: "Later",
      lastError: "ESOCKET CONN",
      now,
      nextAttemptAt: now,
    });
    const worker = newWorker({ pollMs: 20 });
    worker.start();
    await waitFor(async () => ((await rowsFor(recipient))[0]?.sentAt ? true : undefined));
    await worker.stop();
    expect(readSinkMails(sinkDirectory, recipient)).toHaveLength(1);

    await queueMail({
      kind: "test",
      recipient,
      subject: "After stop",
      html: "<p>x</p>",
      text: "x",
      lastError: "ESOCKET CONN",
      now,
      nextAttemptAt: now,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readSinkMails(sinkDirectory, recipient)).toHaveLength(1);
  });

  it("finished mails are deleted after a week, waiting ones are kept", async () => {
    const waiting = "still-waiting@example.com";
    const inEightDays = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    await queueMail({
      kind: "test",
      recipient: waiting,
      subject: "s",
      html: "<p>s</p>",
      text: "s",
      lastError: "ESOCKET CONN",
      now: inEightDays,
      nextAttemptAt: new Date(inEightDays.getTime() + 30_000),
    });
    await newWorker({ now: () => inEightDays }).deliverDue();
    expect(await rowsFor(email)).toEqual([]);
    expect(await rowsFor("nobody@bounce.example")).toEqual([]);
    expect(await rowsFor(waiting)).toHaveLength(1);
  });
});

describe("claiming queued mail", () => {
  it("takes one due mail per claim and leaves the others due", async () => {
    const now = new Date();
    const recipients = ["one@claim.example", "two@claim.example", "three@claim.example"];
    for (const recipient of recipients) {
      const mail = { kind: "test", recipient, subject: "s", html: "<p>s</p>", text: "s", lastError: "ESOCKET CONN" };
      await queueMail({ ...mail, now, nextAttemptAt: now });
    }
    const claimed = await claimDueMail({ now });
    expect(recipients).toContain(claimed?.recipient);
    const stillDue = await db()
      .select({ recipient: mailOutbox.recipient })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.recipient, recipients), lte(mailOutbox.nextAttemptAt, now)));
    expect(stillDue).toHaveLength(2);
  });
});
