import crypto from "node:crypto";
import { and, desc, eq, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { db, type Database } from "~/db/client.server";
import { entryTitle, transaction } from "~/db/schema/entries";
import { moneyAccount, transfer } from "~/db/schema/money-accounts";
import { importBatch, importDraft } from "~/db/schema/statement-import";
import { defaultCategoryId } from "~/domain/categories";
import { isValidIban, normaliseIban } from "~/domain/iban";
import { can } from "~/domain/plans";
import { addDays, isIsoDate } from "~/domain/periods";
import { conversion, convertMinor } from "~/domain/rates";
import { importIdentities } from "~/domain/statements/import-identity";
import {
  entryMatchDays,
  planImport,
  summarisePlan,
  transferMatchDays,
  type PlannedRow,
} from "~/domain/statements/import-plan";
import { maxStatementBytes, type StatementFileRead } from "~/domain/statements/read-file";
import type { Statement, StatementError } from "~/domain/statements/statement";
import { isUuid, uuidv7 } from "~/lib/uuid";
import { HouseholdAccessError } from "~/features/household/errors";
import { requireHouseholdAccess, type HouseholdAccess } from "~/features/household/households.server";
import { notifySharedExpenses, sharedExpenseAlertMinor } from "~/features/household/notifications.server";
import { listCategories } from "~/features/entries/categories.server";
import {
  deleteEntries,
  insertEntries,
  linkImportedEntries,
  unlinkImport,
  type NewEntry,
  type NewLine,
} from "~/features/entries/entry-writer.server";
import { visibleEntries } from "~/features/household/personal-privacy.server";
import { rememberPayeeCategories } from "~/features/entries/payee-memory.server";
import type { RuleSplitLine } from "~/domain/rules/rule-types";
import { listAccounts } from "~/features/money-accounts/accounts.server";
import {
  decideImportRows,
  RulesTooCostlyError,
  type CategorySource,
  type ImportRowDecision,
  linesOfSplit,
} from "~/features/rules/rule-evaluation.server";
import { rateTable } from "~/features/rates/rates.server";
import { readStatementInWorker } from "./statement-reader.server";

/**
 * Bank statements in (money-in.md, "Bank statements in"): a file is kept as a draft between upload and confirmation,
 * previewed (new, duplicates, transfers, the category each row gets and why), and written in one database
 * transaction as an import batch that "Undo import" removes exactly.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

/** Drafts older than this are removed by the purge worker (purgeExpiredDrafts) and before every upload. */
export const draftLifetimeMs = 24 * 60 * 60 * 1000;
/**
 * What one household may keep waiting between upload and confirmation: a few files, and two of the largest
 * statements a bank gives (maxStatementBytes is 10 MB). Without it a free account stored 8 × 10 MB in 49 s.
 */
export const draftQuota = { count: 5, bytes: 25 * 1024 * 1024 } as const;
/** Rows the preview lists; the rest are counted, and the confirmation writes them all. */
export const previewRowLimit = 300;

export interface PreviewRow {
  line: number;
  bookedOn: string;
  amountMinor: number;
  /** What the entry will be called: a rule's new title, else its payee's name, else the bank's text. */
  title: string;
  /** The bank's own text, shown small beneath the title. */
  description: string;
  counterparty: string | null;
  /** The payee read from the row (key and name), for "Always put … in …?": remembered on the payee. */
  payee: { key: string; name: string } | null;
  status: PlannedRow["status"];
  categoryId: string | null;
  categorySource: CategorySource | null;
  /** What the rule that set the category is about ("ALBERT HEIJN"), for "Set by your rule for …". */
  ruleAbout: string | null;
  /** For "keyword": the word that gave the category away. */
  keyword: string | null;
  /** The description a rule gives the row instead of the bank's. */
  rename: string | null;
  /** For a transfer: the other own account. */
  otherAccountId: string | null;
  /** A rule (not the counterparty's IBAN) made this row a transfer. */
  transferByRule: boolean;
  /** A rule's split of the row into lines; the row's category select then offers to keep it (preview-choices.ts). */
  split: RuleSplitLine[] | null;
  /** For "entry-matched": the entry already there that this row is ("Already entered: …"). */
  matchedEntry: { title: string; occurredOn: string } | null;
}

export type ImportProblem =
  | { kind: "file"; error: StatementError }
  | { kind: "currency"; found: string; expected: string }
  /** The household's waiting drafts are at draftQuota: confirm one, or wait for them to expire. */
  | { kind: "draftQuota"; count: number; megabytes: number }
  /** Matching the household's rules over the file's rows ran out of its time budget (rule-evaluation.server.ts). */
  | { kind: "rules" };

async function ownedAccount(executor: Executor, householdId: string, accountId: string) {
  if (!isUuid(accountId)) throw new HouseholdAccessError("notFound");
  const [row] = await executor
    .select({
      id: moneyAccount.id,
      currency: moneyAccount.currency,
      csvMapping: moneyAccount.csvMapping,
      archivedAt: moneyAccount.archivedAt,
    })
    .from(moneyAccount)
    .where(and(eq(moneyAccount.id, accountId), eq(moneyAccount.householdId, householdId)))
    .limit(1);
  if (!row) throw new HouseholdAccessError("notFound");
  return row;
}

/** Keeps an uploaded file for preview and confirmation (owner only; both plans). */
export async function createImportDraft({
  userId,
  householdId,
  accountId,
  fileName,
  bytes,
}: {
  userId: string;
  householdId: string;
  accountId: string;
  fileName: string;
  bytes: Uint8Array;
}): Promise<{ ok: true; draftId: string } | { ok: false; problem: ImportProblem }> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!can(access.plan, "statements.import")) throw new HouseholdAccessError("readOnly");
  await ownedAccount(db(), householdId, accountId);
  if (bytes.byteLength === 0) return { ok: false, problem: { kind: "file", error: { code: "EMPTY_FILE" } } };
  if (bytes.byteLength > maxStatementBytes)
    return { ok: false, problem: { kind: "file", error: { code: "FILE_TOO_LARGE" } } };
  await purgeExpiredDrafts();
  const quota: ImportProblem = {
    kind: "draftQuota",
    count: draftQuota.count,
    megabytes: draftQuota.bytes / 1024 / 1024,
  };
  return db().transaction(async (tx) => {
    // One upload per household at a time decides against the quota, so two at once cannot both take the last place.
    await tx.execute(sql`select 1 from "household" where "id" = ${householdId} for update`);
    const [held] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(octet_length(${importDraft.content})), 0)::bigint`,
      })
      .from(importDraft)
      .where(eq(importDraft.householdId, householdId));
    if ((held?.count ?? 0) >= draftQuota.count || Number(held?.bytes ?? 0) + bytes.byteLength > draftQuota.bytes)
      return { ok: false as const, problem: quota };
    const [row] = await tx
      .insert(importDraft)
      .values({
        householdId,
        accountId,
        createdBy: userId,
        fileName: fileName.slice(0, 200) || "statement",
        content: bytes,
      })
      .returning({ id: importDraft.id });
    if (!row) throw new Error("draft insert returned nothing");
    return { ok: true as const, draftId: row.id };
  });
}

/**
 * Removes every draft past draftLifetimeMs: one DELETE, so two rounds at once (two servers, a round and an upload)
 * remove each draft once and never fail. Answers how many went.
 */
export async function purgeExpiredDrafts(now: Date = new Date()): Promise<number> {
  const removed = await db()
    .delete(importDraft)
    .where(lt(importDraft.createdAt, new Date(now.getTime() - draftLifetimeMs)))
    .returning({ id: importDraft.id });
  return removed.length;
}

/**
 * A draft is the raw bank file of the member who uploaded it: it goes with them. Called when a member leaves or is
 * removed (with the household) and when an account is deleted (without: every household it had drafts in).
 */
export async function deleteMemberDrafts(
  executor: Executor,
  householdId: string | null,
  userId: string,
): Promise<void> {
  await executor
    .delete(importDraft)
    .where(
      and(
        eq(importDraft.createdBy, userId),
        householdId === null ? undefined : eq(importDraft.householdId, householdId),
      ),
    );
}

/** The currency of the account a draft of this household goes into (its amounts are in it); undefined for none. */
export async function draftCurrency(householdId: string, draftId: string): Promise<string | undefined> {
  if (!isUuid(draftId)) return undefined;
  const [row] = await db()
    .select({ currency: moneyAccount.currency })
    .from(importDraft)
    .innerJoin(moneyAccount, eq(moneyAccount.id, importDraft.accountId))
    .where(and(eq(importDraft.id, draftId), eq(importDraft.householdId, householdId)))
    .limit(1);
  return row?.currency;
}

/** What the GDPR export says of a member's waiting drafts: names, sizes and dates, not the bank files themselves. */
export async function listMemberDrafts(userId: string) {
  return db()
    .select({
      householdId: importDraft.householdId,
      fileName: importDraft.fileName,
      bytes: sql<number>`octet_length(${importDraft.content})::int`,
      createdAt: importDraft.createdAt,
    })
    .from(importDraft)
    .where(eq(importDraft.createdBy, userId))
    .orderBy(importDraft.createdAt);
}

/** The draft, to the member who uploaded it only: another member (the owner included) never reads a partner's bank file. */
async function loadDraft(executor: Executor, householdId: string, userId: string, draftId: string) {
  if (!isUuid(draftId)) throw new HouseholdAccessError("notFound");
  const [row] = await executor
    .select()
    .from(importDraft)
    .where(
      and(eq(importDraft.id, draftId), eq(importDraft.householdId, householdId), eq(importDraft.createdBy, userId)),
    )
    .limit(1);
  if (!row) throw new HouseholdAccessError("notFound");
  return row;
}

/** The identity of a row in its account, as stored: a hash, so the key column has one size and holds no bank text. */
function hashedKeys(accountId: string, statement: Statement): string[] {
  return importIdentities(statement.rows).map((identity) =>
    crypto.createHash("sha256").update(`${accountId}\n${identity}`).digest("base64url"),
  );
}

function currencyProblem(statement: Statement, expected: string): ImportProblem | undefined {
  const found = [statement.currency, ...statement.rows.map((row) => row.currency)].find(
    (currency) => currency && currency.toUpperCase() !== expected,
  );
  return found ? { kind: "currency", found: found.toUpperCase(), expected } : undefined;
}

/** A transfer's other side at the day's published rate, until that account's statement brings the bank's figure. */
function atPublishedRate(amountMinor: number, from: string, to: string, on: string): number | undefined {
  if (from === to) return amountMinor;
  const found = isIsoDate(on) ? conversion(rateTable(), from, to, on) : undefined;
  return found ? convertMinor(amountMinor, found.rate, from, to) : undefined;
}

interface Planned {
  statement: Statement;
  plan: PlannedRow[];
  read: Extract<StatementFileRead, { kind: "statement" }>;
  /** The entries rows were linked to, by id: what the preview says of them. */
  matchedEntries: ReadonlyMap<string, { title: string; occurredOn: string }>;
  /** The account's currency. */
  currency: string;
}

/**
 * Reads the draft and decides every row, against the database as `executor` sees it (inside the write transaction on
 * confirmation) and as the importing member may see it: another member's hidden entries are never offered as a match.
 */
async function planDraft(
  executor: Executor,
  access: Pick<HouseholdAccess, "hiddenPersonalOf">,
  householdId: string,
  draft: { accountId: string; content: Uint8Array },
  mapping: unknown,
): Promise<
  | { ok: true; planned: Planned }
  | { ok: false; problem: ImportProblem }
  | { ok: false; needsMapping: Extract<StatementFileRead, { kind: "needs-mapping" }> }
> {
  const account = await ownedAccount(executor, householdId, draft.accountId);
  // On a worker thread with a time budget: a crafted file costs one thread, never the server (issue 20).
  const read = await readStatementInWorker(draft.content, { mapping: mapping ?? account.csvMapping ?? undefined });
  if (read.kind === "error") return { ok: false, problem: { kind: "file", error: read.error } };
  if (read.kind === "needs-mapping") return { ok: false, needsMapping: read };
  const { statement } = read;
  const problem = currencyProblem(statement, account.currency);
  if (problem) return { ok: false, problem };

  const keys = hashedKeys(account.id, statement);
  const existingKeys = new Set<string>();
  for (let index = 0; index < keys.length; index += 5000) {
    const chunk = keys.slice(index, index + 5000);
    // One after the other: inside the write transaction they share one connection.
    // One array parameter (a plain array in sql`` would become a list of parameters).
    const keyList = sql`any(${sql.param(chunk)}::text[])`;
    const found = await unionAll(
      executor
        .select({ key: transaction.importKey })
        .from(transaction)
        .where(and(eq(transaction.accountId, account.id), sql`${transaction.importKey} = ${keyList}`)),
      executor
        .select({ key: transfer.fromImportKey })
        .from(transfer)
        .where(and(eq(transfer.fromAccountId, account.id), sql`${transfer.fromImportKey} = ${keyList}`)),
      executor
        .select({ key: transfer.toImportKey })
        .from(transfer)
        .where(and(eq(transfer.toAccountId, account.id), sql`${transfer.toImportKey} = ${keyList}`)),
    );
    for (const { key } of found) if (key) existingKeys.add(key);
  }

  const ownAccounts = await executor
    .select({ id: moneyAccount.id, iban: moneyAccount.iban, currency: moneyAccount.currency })
    .from(moneyAccount)
    .where(eq(moneyAccount.householdId, householdId));
  const currencyOf = new Map(ownAccounts.map((own) => [own.id, own.currency]));
  const dates = statement.rows.map((row) => row.bookedOn).sort();
  const openTransfers =
    dates.length === 0
      ? []
      : await executor
          .select({
            id: transfer.id,
            fromAccountId: transfer.fromAccountId,
            toAccountId: transfer.toAccountId,
            amountMinor: transfer.amountMinor,
            toAmountMinor: transfer.toAmountMinor,
            occurredOn: transfer.occurredOn,
            fromImportKey: transfer.fromImportKey,
            toImportKey: transfer.toImportKey,
          })
          .from(transfer)
          .where(
            and(
              eq(transfer.householdId, householdId),
              or(eq(transfer.fromAccountId, account.id), eq(transfer.toAccountId, account.id)),
              gte(transfer.occurredOn, addDays(dates[0]!, -transferMatchDays)),
              lte(transfer.occurredOn, addDays(dates.at(-1)!, transferMatchDays)),
            ),
          );
  // Entries of this account that no imported row has been linked to yet (typed by hand, posted by a series): a row may
  // be one of them. Read as the importing member sees entries (decision 0016).
  const openEntries =
    dates.length === 0
      ? []
      : await executor
          .select({
            id: transaction.id,
            kind: transaction.kind,
            amountMinor: transaction.amountMinor,
            occurredOn: transaction.occurredOn,
            title: entryTitle,
          })
          .from(transaction)
          .where(
            and(
              eq(transaction.householdId, householdId),
              eq(transaction.accountId, account.id),
              isNull(transaction.importKey),
              eq(transaction.details, ""),
              gte(transaction.occurredOn, addDays(dates[0]!, -entryMatchDays)),
              lte(transaction.occurredOn, addDays(dates.at(-1)!, entryMatchDays)),
              visibleEntries(access),
            ),
          );
  const plan = planImport({
    accountId: account.id,
    currency: account.currency,
    rows: statement.rows,
    keys,
    existingKeys,
    ownAccounts,
    openTransfers: openTransfers.map(({ fromImportKey, toImportKey, ...open }) => ({
      ...open,
      betweenCurrencies: currencyOf.get(open.fromAccountId) !== currencyOf.get(open.toAccountId),
      sideTaken: open.toAccountId === account.id ? toImportKey !== null : fromImportKey !== null,
    })),
    convert: atPublishedRate,
    openEntries: openEntries.map(({ title: _title, ...entry }) => entry),
  });
  const matchedEntries = new Map(
    openEntries.map((entry) => [entry.id, { title: entry.title, occurredOn: entry.occurredOn }]),
  );
  return { ok: true, planned: { statement, plan, read, matchedEntries, currency: account.currency } };
}

/** A planned row with what the rules decided for it (new rows only): a rule may also make a new row a transfer. */
type DecidedRow = PlannedRow & { decision: ImportRowDecision | null; byRule: boolean };

/** The bank's text an entry keeps as its details: statements write far less; the rest of a longer text is cut. */
const maxDetailsLength = 2000;

/** What a row will be called: a rule's new title, else its payee's name, else what the bank wrote. */
function titleOf(row: DecidedRow): string {
  return row.decision?.rename || row.decision?.payee?.name || row.row.counterparty || row.row.description || "";
}

/**
 * Runs the household's rules (then the counterparties' usual categories) over the plan's new rows, in one go; the
 * rules are matched on a worker thread with a time budget, and when it runs out the file gets the problem "rules".
 */
async function decidePlan(
  executor: Executor,
  access: HouseholdAccess,
  accountId: string,
  plan: readonly PlannedRow[],
): Promise<{ ok: true; plan: DecidedRow[] } | { ok: false; problem: ImportProblem }> {
  const fresh = plan.filter((row) => row.status === "new");
  // A rule's transfer only to an account of the statement's currency: between two, the other side's amount is the
  // bank's, which only that account's statement knows (decision 0027).
  const sameCurrency = new Set(
    (
      await executor
        .select({ id: moneyAccount.id })
        .from(moneyAccount)
        .where(
          and(
            eq(moneyAccount.householdId, access.household.id),
            sql`${moneyAccount.currency} = (select "currency" from "money_account" where "id" = ${accountId})`,
          ),
        )
    ).map((row) => row.id),
  );
  let decisions: ImportRowDecision[];
  try {
    decisions = await decideImportRows({ executor, access, accountId, rows: fresh.map((row) => row.row) });
  } catch (error) {
    if (error instanceof RulesTooCostlyError) return { ok: false, problem: { kind: "rules" } };
    throw error;
  }
  const byRow = new Map<PlannedRow, ImportRowDecision | null>(
    fresh.map((row, index) => [row, decisions[index] ?? null]),
  );
  return {
    ok: true,
    plan: plan.map((row): DecidedRow => {
      const decision = byRow.get(row) ?? null;
      if (
        row.status === "new" &&
        decision?.transferAccountId &&
        sameCurrency.has(decision.transferAccountId) &&
        row.row.amountMinor !== 0
      ) {
        return {
          status: "transfer",
          row: row.row,
          key: row.key,
          otherAccountId: decision.transferAccountId,
          otherAmountMinor: Math.abs(row.row.amountMinor),
          decision,
          byRule: true,
        };
      }
      return { ...row, decision, byRule: false };
    }),
  };
}

export type ImportPreview =
  | {
      kind: "preview";
      draftId: string;
      fileName: string;
      accountId: string;
      /** The account's currency: the file's amounts are in it. */
      currency: string;
      format: Statement["format"];
      encoding: string;
      bank: string | null;
      summary: ReturnType<typeof summarisePlan>;
      rows: PreviewRow[];
      closing: Statement["closing"] | null;
      categories: Awaited<ReturnType<typeof listCategories>>;
    }
  | {
      kind: "needs-mapping";
      draftId: string;
      fileName: string;
      accountId: string;
      headers: string[];
      sample: string[][];
      suggestion: Extract<StatementFileRead, { kind: "needs-mapping" }>["suggestion"];
    }
  | { kind: "problem"; draftId: string; fileName: string; problem: ImportProblem };

/** What confirming would do with each row; nothing is written. */
export async function previewImport({
  userId,
  householdId,
  draftId,
  mapping,
}: {
  userId: string;
  householdId: string;
  draftId: string;
  mapping?: unknown;
}): Promise<ImportPreview> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  const draft = await loadDraft(db(), householdId, userId, draftId);
  const result = await planDraft(db(), access, householdId, draft, mapping);
  if (!result.ok && "problem" in result)
    return { kind: "problem", draftId, fileName: draft.fileName, problem: result.problem };
  if (!result.ok) {
    const { csv, suggestion } = result.needsMapping;
    return {
      kind: "needs-mapping",
      draftId,
      fileName: draft.fileName,
      accountId: draft.accountId,
      headers: csv.headers,
      sample: csv.rows.slice(0, 8).map((row) => row.cells),
      suggestion,
    };
  }
  const { planned } = result;
  const decidedPlan = await decidePlan(db(), access, draft.accountId, planned.plan);
  if (!decidedPlan.ok) return { kind: "problem", draftId, fileName: draft.fileName, problem: decidedPlan.problem };
  const decided = decidedPlan.plan;
  const rows = decided.slice(0, previewRowLimit).map((row): PreviewRow => {
    const decision = row.status === "new" ? row.decision : null;
    return {
      line: row.row.line,
      bookedOn: row.row.bookedOn,
      amountMinor: row.row.amountMinor,
      title: titleOf(row),
      description: row.row.description,
      counterparty: row.row.counterparty ?? null,
      payee: decision?.payee ? { key: decision.payee.key, name: decision.payee.name } : null,
      status: row.status,
      categoryId: decision?.categoryId ?? null,
      categorySource: decision?.categorySource ?? null,
      ruleAbout: decision?.ruleAbout ?? null,
      keyword: decision?.keyword ?? null,
      rename: row.decision?.rename ?? null,
      otherAccountId: row.status === "transfer" ? row.otherAccountId : null,
      transferByRule: row.byRule,
      split: decision?.split ?? null,
      matchedEntry: row.status === "entry-matched" ? (planned.matchedEntries.get(row.entryId) ?? null) : null,
    };
  });
  return {
    kind: "preview",
    draftId,
    fileName: draft.fileName,
    accountId: draft.accountId,
    currency: planned.currency,
    format: planned.statement.format,
    encoding: planned.read.encoding,
    bank: planned.read.preset?.bank ?? null,
    summary: summarisePlan(decided),
    rows,
    closing: planned.statement.closing ?? null,
    categories: await listCategories({ householdId }),
  };
}

export interface ConfirmChoices {
  /** Lines of rows the user unticked. */
  skipLines: ReadonlySet<number>;
  /** Categories the user chose instead of the suggested one, by line. */
  categories: ReadonlyMap<number, string>;
  /** Rows the user split themselves, by line: their parts win over the category and a rule's split. */
  splits?: ReadonlyMap<number, readonly NewLine[]>;
  /** Lines of rows found already entered that the user added as new entries instead. */
  asNewLines?: ReadonlySet<number>;
  mapping?: unknown;
}

export type ImportResult =
  | {
      ok: true;
      batchId: string;
      imported: number;
      duplicates: number;
      transfers: number;
      /** Rows linked to entries already there. */
      matched: number;
      /** The bank's closing balance against the account's balance on that day, when the file has one. */
      reconciliation: { bankMinor: number; oursMinor: number; on: string; currency: string } | null;
    }
  | { ok: false; problem: ImportProblem }
  /** A row the user split whose parts do not fit it, by line: nothing was written. */
  | { ok: false; splitErrors: Record<number, string> }
  | { ok: false; expired: true };

/**
 * The rows the person split in the preview, checked against the file as read now: the parts must add up to the row's
 * amount, each in a category of the row's kind. A split of a row that is not imported as an entry (a duplicate, a
 * transfer, an unticked row) is left aside.
 */
function checkOwnSplits(
  chosen: readonly DecidedRow[],
  splits: ReadonlyMap<number, readonly NewLine[]> | undefined,
  usable: ReadonlyMap<string, string>,
): { ok: true; lines: ReadonlyMap<number, readonly NewLine[]> } | { ok: false; splitErrors: Record<number, string> } {
  const lines = new Map<number, readonly NewLine[]>();
  const splitErrors: Record<number, string> = {};
  if (!splits || splits.size === 0) return { ok: true, lines };
  for (const row of chosen) {
    const parts = splits.get(row.row.line);
    if (!parts || row.status !== "new" || row.row.amountMinor === 0) continue;
    const kind = row.row.amountMinor > 0 ? "income" : "expense";
    const total = parts.reduce((sum, part) => sum + part.amountMinor, 0);
    if (parts.some((part) => usable.get(part.categoryId) !== kind))
      splitErrors[row.row.line] = "errors.category.invalid";
    else if (parts.some((part) => part.amountMinor <= 0) || total !== Math.abs(row.row.amountMinor))
      splitErrors[row.row.line] = "errors.lines.notAddingUp";
    else lines.set(row.row.line, parts);
  }
  return Object.keys(splitErrors).length > 0 ? { ok: false, splitErrors } : { ok: true, lines };
}

/**
 * Writes the draft as one import batch in one database transaction: everything or nothing. The rows are decided again
 * inside the transaction, so a file imported twice at once (two tabs) adds its rows once: the unique import keys
 * refuse the second, which then rolls back whole.
 */
export async function confirmImport({
  userId,
  householdId,
  draftId,
  choices,
}: {
  userId: string;
  householdId: string;
  draftId: string;
  choices: ConfirmChoices;
}): Promise<ImportResult> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(draftId)) throw new HouseholdAccessError("notFound");
  const [exists] = await db()
    .select({ id: importDraft.id })
    .from(importDraft)
    .where(
      and(eq(importDraft.id, draftId), eq(importDraft.householdId, householdId), eq(importDraft.createdBy, userId)),
    )
    .limit(1);
  if (!exists) return { ok: false, expired: true };
  const categories = await listCategories({ householdId });
  const usable = new Map(
    categories.filter((category) => !category.archived).map((category) => [category.id, category.kind]),
  );

  const outcome = await db().transaction(async (tx) => {
    const draft = await loadDraft(tx, householdId, userId, draftId);
    const result = await planDraft(tx, access, householdId, draft, choices.mapping);
    if (!result.ok)
      return "problem" in result
        ? { ok: false as const, problem: result.problem }
        : { ok: false as const, problem: { kind: "file" as const, error: { code: "NOT_A_STATEMENT" as const } } };
    const { statement, read } = result.planned;
    // A row found already entered that the person chose to add as a new entry instead is new (rules then decide it).
    const asNew = choices.asNewLines ?? new Set<number>();
    const planned = result.planned.plan.map((row): PlannedRow =>
      row.status === "entry-matched" && asNew.has(row.row.line) ? { status: "new", row: row.row, key: row.key } : row,
    );
    const decided = await decidePlan(tx, access, draft.accountId, planned);
    if (!decided.ok) return { ok: false as const, problem: decided.problem };
    const { plan } = decided;
    const chosen = plan.filter((row) => !choices.skipLines.has(row.row.line));
    const ownSplits = checkOwnSplits(chosen, choices.splits, usable);
    if (!ownSplits.ok) return ownSplits;

    const [batch] = await tx
      .insert(importBatch)
      .values({
        householdId,
        accountId: draft.accountId,
        fileName: draft.fileName,
        format: statement.format,
        rowsInFile: plan.length,
        rowsImported: chosen.filter((row) => row.status !== "duplicate").length,
        rowsDuplicate: plan.filter((row) => row.status === "duplicate").length,
        closingBalanceMinor: statement.closing?.amountMinor ?? null,
        closingOn: statement.closing?.on ?? null,
        createdBy: userId,
      })
      .returning({ id: importBatch.id });
    if (!batch) throw new Error("import batch insert returned nothing");

    // The account must still be the household's; its entries take its currency.
    const account = await ownedAccount(tx, householdId, draft.accountId);
    const entries = chosen.flatMap((row): NewEntry[] => {
      if (row.status !== "new" || row.row.amountMinor === 0) return [];
      const kind = row.row.amountMinor > 0 ? ("income" as const) : ("expense" as const);
      const picked = choices.categories.get(row.row.line);
      const pickedCategory = picked && usable.get(picked) === kind ? picked : undefined;
      const shared = row.decision?.sharing ? row.decision.sharing === "shared" : undefined;
      // The person's own parts first; then a rule's split, unless the person chose one category for the row instead.
      const own = ownSplits.lines.get(row.row.line);
      const ruleSplit = pickedCategory ? null : row.decision?.split;
      const lines = own ?? (ruleSplit ? linesOfSplit(ruleSplit, shared) : undefined);
      const categoryId = own?.[0]?.categoryId ?? pickedCategory ?? row.decision?.categoryId ?? defaultCategoryId(kind);
      return [
        {
          id: uuidv7(),
          householdId,
          accountId: draft.accountId,
          kind,
          amountMinor: Math.abs(row.row.amountMinor),
          occurredOn: row.row.bookedOn,
          // Empty unless a rule renames it: the payee's name is then the title, and follows the payee's.
          description: (row.decision?.rename ?? "").slice(0, 500),
          payee: row.decision?.payee ?? null,
          details: row.row.description.slice(0, maxDetailsLength),
          categoryId,
          counterparty: row.row.counterparty ?? null,
          counterpartyIban: row.row.counterpartyIban ?? null,
          // What the shop charged abroad; a payment at home names the account's own currency and keeps nothing.
          original: row.row.original?.currency === account.currency ? null : (row.row.original ?? null),
          importBatchId: batch.id,
          importKey: row.key,
          createdBy: userId,
          // A rule's shared or personal wins over the account's default (insertEntries falls back to it).
          shared,
          ...(lines ? { lines } : {}),
        },
      ];
    });
    await insertEntries(tx, entries);
    // Rows that are entries already there: the entry takes the row's identity and the bank's text, and keeps the rest.
    const linked = await linkImportedEntries(tx, {
      writer: access,
      householdId,
      accountId: draft.accountId,
      importBatchId: batch.id,
      links: chosen.flatMap((row) =>
        row.status === "entry-matched"
          ? [{ entryId: row.entryId, importKey: row.key, details: row.row.description.slice(0, maxDetailsLength) }]
          : [],
      ),
    });
    // Payee memory learns from the preview: a category chosen instead of the suggestion is the payee's from then on.
    await rememberPayeeCategories(
      tx,
      householdId,
      chosen.flatMap((row) => {
        const picked = choices.categories.get(row.row.line);
        const kind = row.row.amountMinor > 0 ? ("income" as const) : ("expense" as const);
        const payeeKey = row.decision?.payee?.key;
        return row.status === "new" &&
          payeeKey &&
          picked &&
          usable.get(picked) === kind &&
          picked !== row.decision?.categoryId
          ? [{ payeeKey, kind, categoryId: picked }]
          : [];
      }),
      access,
    );

    const transfers = chosen.flatMap((row) => {
      if (row.status !== "transfer") return [];
      const outgoing = row.row.amountMinor < 0;
      return [
        {
          id: uuidv7(),
          householdId,
          fromAccountId: outgoing ? draft.accountId : row.otherAccountId,
          toAccountId: outgoing ? row.otherAccountId : draft.accountId,
          amountMinor: outgoing ? Math.abs(row.row.amountMinor) : row.otherAmountMinor,
          toAmountMinor: outgoing ? row.otherAmountMinor : Math.abs(row.row.amountMinor),
          occurredOn: row.row.bookedOn,
          // Between own accounts the bank's words ("Sparen november") say more than the name of one's own account.
          description: (row.decision?.rename || row.row.description || row.row.counterparty || "").slice(0, 500),
          importBatchId: batch.id,
          fromImportKey: outgoing ? row.key : null,
          toImportKey: outgoing ? null : row.key,
          createdBy: userId,
        },
      ];
    });
    for (let index = 0; index < transfers.length; index += 1000)
      await tx.insert(transfer).values(transfers.slice(index, index + 1000));
    // The second halves of transfers recorded from the other account: one statement per side, not one per row.
    const matched = chosen.flatMap((row) => (row.status === "transfer-matched" ? [row] : []));
    for (const side of ["to", "from"] as const) {
      const rows = matched.filter((row) => row.row.amountMinor > 0 === (side === "to"));
      if (rows.length === 0) continue;
      const keyColumn = side === "to" ? sql`"to_import_key"` : sql`"from_import_key"`;
      // The statement's figure is this side's amount from now on: between currencies it replaces an estimate at the
      // published rate (or a figure typed by hand) with the bank's; within one currency it is the same figure.
      const amountColumn = side === "to" ? sql`"to_amount_minor"` : sql`"amount_minor"`;
      await tx.execute(sql`
        update "transfer" set ${keyColumn} = "matched"."key", ${amountColumn} = "matched"."amount",
          "matched_import_batch_id" = ${batch.id}, "updated_at" = now()
        from unnest(${sql.param(rows.map((row) => row.transferId))}::uuid[], ${sql.param(rows.map((row) => row.key))}::text[],
                    ${sql.param(rows.map((row) => Math.abs(row.row.amountMinor)))}::bigint[]) as "matched"("id", "key", "amount")
        where "transfer"."id" = "matched"."id" and "transfer"."household_id" = ${householdId}`);
    }
    // The statement names its account: an account without an IBAN takes it, so transfers to it are recognised from
    // then on (unless another account of the household already has it).
    if (statement.accountIban && isValidIban(statement.accountIban)) {
      const iban = normaliseIban(statement.accountIban);
      const [holder] = await tx
        .select({ id: moneyAccount.id })
        .from(moneyAccount)
        .where(and(eq(moneyAccount.householdId, householdId), eq(moneyAccount.iban, iban)))
        .limit(1);
      if (!holder)
        await tx
          .update(moneyAccount)
          .set({ iban, updatedAt: new Date() })
          .where(and(eq(moneyAccount.id, draft.accountId), isNull(moneyAccount.iban)));
    }
    // The mapping that read this CSV is the account's from now on: the next file of this bank goes straight to the preview.
    if (statement.format === "csv" && read.mapping && !read.preset) {
      await tx
        .update(moneyAccount)
        .set({ csvMapping: read.mapping, updatedAt: new Date() })
        .where(eq(moneyAccount.id, draft.accountId));
    }
    await tx.delete(importDraft).where(eq(importDraft.id, draftId));
    return {
      ok: true as const,
      batchId: batch.id,
      imported: entries.length,
      duplicates: plan.filter((row) => row.status === "duplicate").length,
      transfers: transfers.length + chosen.filter((row) => row.status === "transfer-matched").length,
      matched: linked.length,
      closing: statement.closing ?? null,
      accountId: draft.accountId,
    };
  });
  if (!outcome.ok) return outcome;
  await noticeImportedSharedExpenses({ householdId, userId, batchId: outcome.batchId });
  let reconciliation = null;
  if (outcome.closing) {
    const accounts = await listAccounts({ userId, householdId, on: outcome.closing.on });
    const account = accounts.find((candidate) => candidate.id === outcome.accountId);
    reconciliation = {
      bankMinor: outcome.closing.amountMinor,
      oursMinor: account?.balanceMinor ?? 0,
      on: outcome.closing.on,
      currency: account?.currency ?? "EUR",
    };
  }
  const { closing: _closing, accountId: _accountId, ...counts } = outcome;
  return { ...counts, reconciliation };
}

/**
 * Removes exactly what one import wrote (owner only): its entries and transfers, the transfer sides it matched, and
 * the links it made to entries already there (those entries stay, as they were before the import).
 */
export async function undoImport({
  userId,
  householdId,
  batchId,
}: {
  userId: string;
  householdId: string;
  batchId: string;
}) {
  await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(batchId)) throw new HouseholdAccessError("notFound");
  return db().transaction(async (tx) => {
    const [batch] = await tx
      .select({ id: importBatch.id, accountId: importBatch.accountId, undoneAt: importBatch.undoneAt })
      .from(importBatch)
      .where(and(eq(importBatch.id, batchId), eq(importBatch.householdId, householdId)))
      .for("update")
      .limit(1);
    if (!batch) throw new HouseholdAccessError("notFound");
    if (batch.undoneAt) return { ok: true as const, removed: 0 };
    // The import's own rows, all of them: the batch wrote them for the household (writer null), and an undone import
    // leaving a row behind because somebody later made it personal would be half undone.
    const removedEntries = await deleteEntries(tx, {
      writer: null,
      householdId,
      selection: { importBatchId: batchId },
    });
    const removedTransfers = await tx
      .delete(transfer)
      .where(and(eq(transfer.importBatchId, batchId), eq(transfer.householdId, householdId)))
      .returning({ id: transfer.id });
    await tx
      .update(transfer)
      .set({
        toImportKey: sql`case when ${transfer.toAccountId} = ${batch.accountId} then null else ${transfer.toImportKey} end`,
        fromImportKey: sql`case when ${transfer.fromAccountId} = ${batch.accountId} then null else ${transfer.fromImportKey} end`,
        matchedImportBatchId: null,
        updatedAt: new Date(),
      })
      .where(and(eq(transfer.matchedImportBatchId, batchId), eq(transfer.householdId, householdId)));
    await unlinkImport(tx, { householdId, importBatchId: batchId });
    await tx
      .update(importBatch)
      .set({ undoneAt: new Date(), updatedAt: new Date() })
      .where(eq(importBatch.id, batchId));
    return { ok: true as const, removed: removedEntries.length + removedTransfers.length };
  });
}

/** The household's imports, newest first, for the import page's history (with Undo). */
export async function listImportBatches({ userId, householdId }: { userId: string; householdId: string }) {
  await requireHouseholdAccess({ userId, householdId });
  return db()
    .select({
      id: importBatch.id,
      accountId: importBatch.accountId,
      fileName: importBatch.fileName,
      format: importBatch.format,
      rowsInFile: importBatch.rowsInFile,
      rowsImported: importBatch.rowsImported,
      rowsDuplicate: importBatch.rowsDuplicate,
      createdAt: importBatch.createdAt,
      undoneAt: importBatch.undoneAt,
    })
    .from(importBatch)
    .where(and(eq(importBatch.householdId, householdId), isNull(importBatch.undoneAt)))
    .orderBy(desc(importBatch.createdAt))
    .limit(20);
}

/**
 * An import's shared expenses over the household's alert amount tell the other members once, in one summary for the
 * whole statement (not one notice per row). Read through the batch's rows only when an alert amount is set.
 */
async function noticeImportedSharedExpenses({
  householdId,
  userId,
  batchId,
}: {
  householdId: string;
  userId: string;
  batchId: string;
}) {
  const thresholdMinor = await sharedExpenseAlertMinor(householdId);
  if (thresholdMinor === null) return;
  const entries = await db()
    .select({
      id: transaction.id,
      kind: transaction.kind,
      shared: transaction.shared,
      amountMinor: transaction.amountMinor,
      description: transaction.description,
      categoryId: transaction.categoryId,
    })
    .from(transaction)
    .where(
      and(
        eq(transaction.householdId, householdId),
        eq(transaction.importBatchId, batchId),
        eq(transaction.kind, "expense"),
        eq(transaction.shared, true),
        gte(transaction.amountMinor, thresholdMinor),
      ),
    );
  await notifySharedExpenses({ householdId, actorUserId: userId, entries, batchKey: `shared-import:${batchId}` });
}
