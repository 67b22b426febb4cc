import type { SinkMail } from "./smtp-sink";

// Reads the mails the SMTP sink caught, as the browser suites need them: the subject and the text and HTML parts.

/** Decodes a MIME body part (quoted-printable, base64 or plain). */
function decodePart(body: string, encoding: string): string {
  const normalized = encoding.toLowerCase();
  if (normalized === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (normalized === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/**
 * The leaf parts of a MIME entity, split on its own boundary (RFC 2046), nested multiparts included. Only the declared
 * boundary separates parts: a quoted-printable line that happens to start with "--" (a token's "--" after a soft line
 * break) is body text.
 */
function mimeParts(entity: string): { headers: string; body: string }[] {
  const end = entity.indexOf("\n\n");
  if (end < 0) return [];
  const headers = entity.slice(0, end).replace(/\n[ \t]+/g, " ");
  const body = entity.slice(end + 2);
  const boundary = /content-type:\s*multipart\/[^;]+;[^\n]*?boundary="?([^";\s]+)"?/i.exec(headers)?.[1];
  if (!boundary) return [{ headers, body }];
  return `\n${body}`
    .split(`\n--${boundary}`)
    .slice(1)
    .filter((piece) => !piece.startsWith("--"))
    .flatMap((piece) => mimeParts(piece.slice(piece.indexOf("\n") + 1)));
}

/** The plain-text part and the subject of a raw mail from the SMTP sink. */
export function readMail(mail: SinkMail): { subject: string; text: string; html: string } {
  const raw = mail.raw.replace(/\r\n/g, "\n");
  const headerEnd = raw.indexOf("\n\n");
  const headers = raw.slice(0, headerEnd).replace(/\n[ \t]+/g, " ");
  const subjectLine = /^subject: (.*)$/im.exec(headers)?.[1] ?? "";
  const subject = subjectLine.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, value: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(value, "base64").toString("utf8")
      : decodePart(value.replace(/_/g, " "), "quoted-printable"),
  );
  const parts: Record<string, string> = {};
  for (const part of mimeParts(raw)) {
    const type = /content-type:\s*([^;\s]+)/i.exec(part.headers)?.[1]?.toLowerCase();
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(part.headers)?.[1] ?? "7bit";
    if (type === "text/plain" || type === "text/html") parts[type] = decodePart(part.body, encoding);
  }
  return { subject, text: parts["text/plain"] ?? "", html: parts["text/html"] ?? "" };
}
