import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { z } from "zod";
import { getConfig, isProduction } from "~/config.server";
import { processWideSlot } from "~/lib/global-singleton";
import { logger } from "~/lib/logger.server";
import { describeMailError, isPermanentMailError, retryDelayMs } from "./retry-policy";
import { queueMail, recordRefusedMail } from "./retry-queue.server";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The links the reader is asked to follow; the development outbox prints them in the server log. */
  links?: string[];
  /** What kind of mail this is ("verify-email", "reset-password", "invitation"…), for logs and the outbox. */
  kind?: string;
}

/** What the development outbox keeps next to each .eml file. */
export interface OutboxEntry {
  id: string;
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

const outboxEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
}) satisfies z.ZodType<OutboxEntry>;

type Delivery = "smtp" | "outbox" | "memory";

const smtpSlot = processWideSlot<{ url: string; transport: Transporter }>("smtp");
const memoryOutbox: OutboxEntry[] = [];

/** Where mail goes: SMTP when SMTP_URL is set; otherwise files under $DATA_DIR/mail (tests keep it in memory). */
export function mailDelivery(): Delivery {
  const config = getConfig();
  if (config.SMTP_URL) return "smtp";
  return config.NODE_ENV === "test" ? "memory" : "outbox";
}

export function outboxDirectory(): string {
  return path.resolve(getConfig().DATA_DIR, "mail");
}

function smtpTransport(url: string): Transporter {
  const cached = smtpSlot.get();
  if (cached?.url === url) return cached.transport;
  // Seconds, not nodemailer's minutes: the first attempt runs inside someone's request, and a mail that times out
  // is kept for the retry worker anyway.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  smtpSlot.set({ url, transport });
  return transport;
}

/**
 * Sends one e-mail (HTML and plain text) and returns normally even when the SMTP server is down or refuses it: the
 * rendered mail (already in the reader's language) is kept in the mail_outbox table and the retry worker
 * (retry-worker.server.ts) tries again, so a sign-up never loses its confirmation link to an outage. A recipient the
 * server refuses for good is recorded there as failed and not tried again.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const kind = message.kind ?? "mail";
  try {
    await deliverMail(message);
    return;
  } catch (error) {
    const now = new Date();
    const lastError = describeMailError(error);
    const mail = {
      kind,
      recipient: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      lastError,
      now,
    };
    // The error itself stays out of the log: the server's answer may quote the address.
    if (isPermanentMailError(error)) {
      const mailId = await recordRefusedMail(mail);
      logger.error({ kind, mailId, reason: lastError }, "mail refused for good by the SMTP server; not retried");
      return;
    }
    const mailId = await queueMail({ ...mail, nextAttemptAt: new Date(now.getTime() + retryDelayMs(1)) });
    logger.warn({ kind, mailId, reason: lastError }, "mail not sent; queued for another attempt");
  }
}

/** One delivery attempt over SMTP or into the development outbox; throws when it fails. */
export async function deliverMail(message: MailMessage): Promise<void> {
  const config = getConfig();
  const delivery = mailDelivery();
  const kind = message.kind ?? "mail";
  const envelope = {
    from: config.MAIL_FROM,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
  };
  if (delivery === "smtp" && config.SMTP_URL) {
    await smtpTransport(config.SMTP_URL).sendMail(envelope);
    logger.info({ kind }, "mail sent");
    return;
  }
  const entry: OutboxEntry = {
    id: `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}`,
    kind,
    from: config.MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    links: message.links ?? [],
    createdAt: new Date().toISOString(),
  };
  if (delivery === "memory") {
    memoryOutbox.push(entry);
    return;
  }
  await writeToOutbox(entry, outboxDirectory());
  if (isProduction()) {
    // A production deployment without SMTP_URL: its logs are read by others, and links carry sign-in tokens.
    logger.warn({ kind }, "mail saved to the outbox under DATA_DIR/mail because SMTP_URL is not set");
    return;
  }
  // On a developer's machine or a local installation the link in the log is the quickest way in.
  logger.info(
    { kind, to: message.to },
    `mail saved to the development outbox (open /dev/mail): ${entry.links[0] ?? entry.subject}`,
  );
}

/** Writes the raw message (.eml, opens in any mail program) and a .json summary for /dev/mail. */
export async function writeToOutbox(entry: OutboxEntry, directory: string): Promise<void> {
  const raw = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    .sendMail({ from: entry.from, to: entry.to, subject: entry.subject, html: entry.html, text: entry.text });
  await fs.mkdir(directory, { recursive: true });
  // A stream transport with `buffer: true` hands the message over whole.
  if (!Buffer.isBuffer(raw.message)) throw new TypeError("nodemailer returned a stream instead of a buffer");
  await fs.writeFile(path.join(directory, `${entry.id}.eml`), raw.message);
  await fs.writeFile(path.join(directory, `${entry.id}.json`), JSON.stringify(entry, null, 2));
}

/** The newest outbox mails first (development page /dev/mail). */
export async function listOutbox(directory = outboxDirectory(), limit = 50): Promise<OutboxEntry[]> {
  if (mailDelivery() === "memory") return [...memoryOutbox].reverse().slice(0, limit);
  let files: string[];
  try {
    files = await fs.readdir(directory);
  } catch {
    return [];
  }
  const names = files
    .filter((file) => file.endsWith(".json"))
    .sort()
    .reverse()
    .slice(0, limit);
  const entries = await Promise.all(
    names.map(async (name) => {
      try {
        const read = outboxEntrySchema.safeParse(JSON.parse(await fs.readFile(path.join(directory, name), "utf8")));
        return read.success ? read.data : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return entries.filter((entry): entry is OutboxEntry => entry !== undefined);
}

/** Test helper: the mails "sent" in this process when NODE_ENV=test and no SMTP server is configured, oldest first. */
export function memoryOutboxFor(recipient?: string): OutboxEntry[] {
  return recipient
    ? memoryOutbox.filter((entry) => entry.to.toLowerCase() === recipient.toLowerCase())
    : [...memoryOutbox];
}
