import { Writable } from "node:stream";
import { inspect } from "node:util";
import { sql } from "drizzle-orm";
import pino from "pino";
import { pinoHttp } from "pino-http";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { useTestDatabase } from "~/db/test-database";
import { redactUrl, scrubQueryParameters, serializeError } from "./logger.server";

useTestDatabase();

/** A pino logger with the production serializers, writing its lines into an array. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino(
    { level: "info", serializers: { err: serializeError, url: (url: string) => redactUrl(url) } },
    stream,
  );
  return { logger, text: () => lines.join("") };
}

describe("redactUrl", () => {
  it.each([
    ["/auth/verify?token=eyJhbGciOi.secret&redirectTo=%2Fapp", "/auth/verify?token=[redacted]&redirectTo=[redacted]"],
    [
      "/api/auth/verify-email?token=abc&callbackURL=%2F",
      "/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]",
    ],
    ["/reset-password?token=abc", "/reset-password?token=[redacted]"],
    [
      "/api/auth/reset-password/abc123?callbackURL=%2Freset",
      "/api/auth/reset-password/[redacted]?callbackURL=[redacted]",
    ],
    ["/app/invitations/inv_secret_token", "/app/invitations/[redacted]"],
    ["/app/invitations/inv_secret_token.data?_routes=x", "/app/invitations/[redacted]?_routes=[redacted]"],
    ["/app/goals", "/app/goals"],
    ["/blog?page=2#top", "/blog?page=[redacted]"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe("logged errors", () => {
  it("leave out the parameters of a failed query, in the message, the stack and the cause", async () => {
    const secret = "pieter.secret@example.com";
    const error = await db()
      .execute(sql`select ${secret}::uuid as id`)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain(secret); // Drizzle's own message carries it…

    const { logger, text } = capturingLogger();
    logger.error({ err: error }, "query failed");
    expect(text()).not.toContain(secret); // …the log line does not.
    expect(text()).toContain("Failed query: select $1::uuid as id");
    expect(text()).toContain("params: [redacted]");
  });

  it("also when pino-http serialises the error first", async () => {
    const secret = "Sanne's secret description";
    const error = await db()
      .execute(sql`select ${secret}::int`)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    const { logger, text } = capturingLogger();
    const httpLogger = pinoHttp({ logger, serializers: { err: serializeError } });
    // pino-http wraps our serializer around pino's own; the original error must still be what is scrubbed.
    httpLogger.logger.error({ err: error }, "request failed");
    expect(text()).not.toContain("secret description");
    expect(text()).toContain("invalid input syntax");
  });

  it("redact a url carried by an error", () => {
    const { logger, text } = capturingLogger();
    logger.error(
      {
        err: Object.assign(new Error("boom"), { url: "http://x/auth/verify?token=tok_123" }),
        url: "/reset-password?token=tok_456",
      },
      "x",
    );
    expect(text()).not.toMatch(/tok_123|tok_456/);
  });

  it("scrub a failed query's values from the error itself, for code that prints it with console.error", async () => {
    const secret = "secret token value";
    const error = await db()
      .execute(sql`select ${secret}::int`)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    scrubQueryParameters(error);
    const printed = inspect(error, { depth: 6 });
    expect(printed).not.toContain(secret);
    expect(printed).toContain("Failed query");
  });
});
