// A real SMTP server for tests: every message it receives is parsed and saved as JSON in MAIL_SINK_DIR.
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface SinkMail {
  from: string;
  to: string[];
  raw: string;
  receivedAt: string;
}

interface SmtpSinkOptions {
  port: number;
  directory: string;
  /** Recipients answered "550 no such mailbox", as a real server answers a mistyped address. */
  refuseRecipient?: (address: string) => boolean;
}

export function startSmtpSink({ port, directory, refuseRecipient }: SmtpSinkOptions): Promise<SMTPServer> {
  fs.mkdirSync(directory, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuseRecipient?.(address.address)) return callback();
      callback(Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail: SinkMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
          receivedAt: new Date().toISOString(),
        };
        const file = path.join(directory, `${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
        // Written aside and renamed, so a reader never sees half a file.
        fs.writeFileSync(`${file}.part`, JSON.stringify(mail));
        fs.renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

// A saved mail never changes (it is written aside and renamed), so each file is read and parsed once: the suite
// polls for links hundreds of times while the sink fills with hundreds of mails.
const parsed = new Map<string, SinkMail>();

function readSaved(file: string): SinkMail {
  let mail = parsed.get(file);
  if (!mail) parsed.set(file, (mail = JSON.parse(fs.readFileSync(file, "utf8")) as SinkMail));
  return mail;
}

/** Reads every mail the sink saved for one recipient, oldest first. */
export function readSinkMails(directory: string, recipient: string): SinkMail[] {
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => readSaved(path.join(directory, file)))
    .filter((mail) => mail.to.includes(recipient.toLowerCase()));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.SMTP_SINK_PORT ?? 2525);
  const directory = process.env.MAIL_SINK_DIR ?? ".data/mail-sink";
  await startSmtpSink({ port, directory });
  console.log(`SMTP sink on 127.0.0.1:${port}, saving to ${directory}`);
}
