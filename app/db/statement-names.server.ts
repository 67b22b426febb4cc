import crypto from "node:crypto";

/**
 * Names for the reads a process sends again and again, so PostgreSQL parses and plans each once per connection
 * instead of for every request (decision 0035). A read text sent a second time gets a name derived from its text; the
 * driver (pg) then prepares it on each connection the first time and afterwards sends only the name and the values.
 * Without a name, the dashboard's joined statement (9 KB) was parsed and planned on every request: 3 ms of PostgreSQL's
 * 7 ms per dashboard, and its text written to the socket every time.
 *
 * Bounded: at most `limit` texts are ever named in a process (each is a prepared statement on every pooled connection,
 * with the plan PostgreSQL keeps for it), and at most `limit` × 4 unnamed texts are counted before the count starts
 * again, so reads built with ever-new texts cost a little memory and are simply sent unnamed.
 */
export class StatementNames {
  private readonly named = new Map<string, string>();
  private readonly seenOnce = new Set<string>();

  constructor(private readonly limit = 500) {}

  /** The name to send `text` under, or undefined to send it unnamed (its first time, or past the limit). */
  nameOf(text: string): string | undefined {
    const name = this.named.get(text);
    if (name !== undefined || this.named.size >= this.limit) return name;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= this.limit * 4) this.seenOnce.clear();
      this.seenOnce.add(text);
      return undefined;
    }
    this.seenOnce.delete(text);
    // 128 bits of the text's hash: two texts under one name would make the driver refuse the second.
    const given = `samen_${crypto.createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
    this.named.set(text, given);
    return given;
  }
}
