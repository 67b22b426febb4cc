import type { Statement, StatementError, StatementRead } from "./statement";

/** What the reader tests share: a read that must have succeeded, or failed. */

export function statementOf(read: StatementRead): Statement {
  if (!read.ok) throw new Error(`expected a statement, got ${JSON.stringify(read.error)}`);
  return read.statement;
}

export function errorOf(read: StatementRead): StatementError {
  if (read.ok) throw new Error("expected an error, got a statement");
  return read.error;
}
