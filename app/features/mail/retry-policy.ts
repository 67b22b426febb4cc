// When a mail the SMTP server did not take is tried again, and when we stop trying.

const secondMs = 1000;
const minuteMs = 60 * secondMs;
const hourMs = 60 * minuteMs;

export const firstRetryDelayMs = 30 * secondMs;
export const maxRetryDelayMs = hourMs;
/** A sign-up link or password reset that arrives a day late is of no use; the reader will have asked again. */
export const giveUpAfterMs = 24 * hourMs;

/** The wait after the given number of failed attempts: 30 s, 1 min, 2 min, 4 min … at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(firstRetryDelayMs * 2 ** Math.max(0, failedAttempts - 1), maxRetryDelayMs);
}

interface SmtpErrorFields {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
  message?: unknown;
}

/**
 * A 5xx answer to the envelope (RCPT TO: no such mailbox) or to the message itself: sending the same mail again gets
 * the same answer. A 5xx to AUTH or MAIL FROM is our configuration, which someone can fix, so those are retried.
 */
export function isPermanentMailError(error: unknown): boolean {
  const { code, responseCode, command } = fieldsOf(error);
  if (typeof responseCode !== "number" || responseCode < 500 || responseCode > 599) return false;
  if (code === "EMESSAGE") return true;
  return code === "EENVELOPE" && command !== "MAIL FROM";
}

// Only names we know carry nothing else: an unknown command could be a line of the conversation.
const knownCommands = /^(?:CONN|API|EHLO|HELO|LHLO|STARTTLS|AUTH [A-Z0-9-]+|MAIL FROM|RCPT TO|DATA|RSET)$/;
const errorCodes = /^E[A-Z0-9_]+$/;
const systemCodes =
  /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EPIPE|ENOSPC|EACCES)\b/;

/**
 * A short reason for the outbox row and the log ("EENVELOPE RCPT TO 550", "ESOCKET CONN ECONNREFUSED"), built from the
 * error's codes only: the server's text may quote the address, and a connection error's text may name the SMTP URL.
 */
export function describeMailError(error: unknown): string {
  const { code, responseCode, command, message } = fieldsOf(error);
  const system = typeof message === "string" ? systemCodes.exec(message)?.[1] : undefined;
  const parts = [
    typeof code === "string" && errorCodes.test(code) ? code : undefined,
    typeof command === "string" && knownCommands.test(command) ? command : undefined,
    typeof responseCode === "number" && Number.isInteger(responseCode) ? String(responseCode) : undefined,
    system !== code ? system : undefined,
  ].filter((part) => part !== undefined);
  if (parts.length > 0) return parts.join(" ");
  return error instanceof Error && /^\w{1,40}$/.test(error.name) ? error.name : "unknown error";
}

function fieldsOf(error: unknown): SmtpErrorFields {
  return typeof error === "object" && error !== null ? error : {};
}
