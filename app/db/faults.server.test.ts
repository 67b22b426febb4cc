import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { databaseFaultOf, isUniqueViolation, statusOfDatabaseFault, unlessUniqueViolation } from "./faults.server";

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe("database faults", () => {
  it("recognises a database that cannot be reached, through Drizzle's wrapper and AggregateError", () => {
    expect(
      databaseFaultOf(
        new DrizzleQueryError("select 1", [], withCode("terminating connection due to administrator command", "57P01")),
      ),
    ).toBe("unavailable");
    expect(databaseFaultOf(withCode("the database system is starting up", "57P03"))).toBe("unavailable");
    expect(databaseFaultOf(withCode("connection failure", "08006"))).toBe("unavailable");
    expect(
      databaseFaultOf(
        new AggregateError([
          withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED"),
          withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
        ]),
      ),
    ).toBe("unavailable");
    expect(
      databaseFaultOf(new DrizzleQueryError("select 1", [], new Error("Connection terminated unexpectedly"))),
    ).toBe("unavailable");
    expect(
      databaseFaultOf(
        new Error("Connection terminated due to connection timeout", {
          cause: new Error("Connection terminated unexpectedly"),
        }),
      ),
    ).toBe("unavailable");
  });

  it("recognises a full disk", () => {
    expect(
      databaseFaultOf(
        new DrizzleQueryError(
          "insert",
          [],
          withCode('could not extend file "base/5/16384": No space left on device', "53100"),
        ),
      ),
    ).toBe("diskFull");
    expect(databaseFaultOf(withCode("ENOSPC: no space left on device, write", "ENOSPC"))).toBe("diskFull");
    expect(statusOfDatabaseFault("diskFull")).toBe(507);
    expect(statusOfDatabaseFault("unavailable")).toBe(503);
  });

  it("leaves every other error to the usual 500", () => {
    expect(
      databaseFaultOf(withCode('duplicate key value violates unique constraint "user_email_key"', "23505")),
    ).toBeUndefined();
    expect(
      databaseFaultOf(new DrizzleQueryError("select", [], withCode('relation "x" does not exist', "42P01"))),
    ).toBeUndefined();
    expect(databaseFaultOf(new TypeError("Cannot read properties of undefined"))).toBeUndefined();
    expect(databaseFaultOf(undefined)).toBeUndefined();
    const circular: Error & { cause?: unknown } = new Error("loop");
    circular.cause = circular;
    expect(databaseFaultOf(circular)).toBeUndefined();
  });

  it("recognises a unique violation bare (node-postgres, PGlite) and inside Drizzle's wrapper, and nothing else", async () => {
    const duplicate = withCode(
      'duplicate key value violates unique constraint "transaction_account_import_key"',
      "23505",
    );
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isUniqueViolation(new DrizzleQueryError("insert", [], duplicate))).toBe(true);
    expect(isUniqueViolation(withCode("null value in column", "23502"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    const circular: Error & { cause?: unknown } = new Error("loop");
    circular.cause = circular;
    expect(isUniqueViolation(circular)).toBe(false);
    expect(await unlessUniqueViolation(Promise.reject(duplicate))).toBeUndefined();
    expect(await unlessUniqueViolation(Promise.resolve(1))).toBe(1);
    await expect(unlessUniqueViolation(Promise.reject(new Error("other")))).rejects.toThrow("other");
  });
});
