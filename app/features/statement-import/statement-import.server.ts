import crypto from "node:crypto";
import { and, desc, eq, gte, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { db, type Database } from "~/db/client.server";
import { importBatch, importDraft, moneyAccount, transaction, transfer } from "~/db/schema";
import { defaultCategoryId } from "~/domain/categories";
import { isValidIban, normaliseIban } from "~/domain/iban";
import { can } from "~/domain/plans";
import { addDays } from "~/domain/periods";
import { importIdentities, normaliseForIdentity } from "~/domain/statements/import-identity";
import { planImport, summarisePlan, transferMatchDays, type PlannedRow } from "~/domain/statements/import-plan";
import { maxStatementBytes, readStatementFile, type StatementFileRead } from "~/domain/statements/read-file";
import type { Statement, StatementError } from "~/domain/statements/statement";
import { isUuid, uuidv7 } from "~/lib/uuid";
import { BudgetAccessError } from "~/features/household/errors";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { listCategories } from "~/features/budget/categories.server";
import { listAccounts } from "~/features/money-accounts/accounts.server";

/**
 * Bank statements in (money-in.md, "Bank statements in"): a file is kept as a draft between upload and confirmation,
 * previewed (new, duplicates, transfers, the category each row gets and why), and written in one database
 * transaction as an import batch that "Undo import" removes exactly.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

/** Drafts older than this are removed when the next file is uploaded. */
const draftLifetimeMs = 24 * 60 * 60 * 1000;
/** Rows the preview lists; the rest are counted, and the confirmation writes them all. */
export const previewRowLimit = 300;

export type CategorySource = "learned" | "default";

export interface PreviewRow {
  line: number;
  bookedOn: string;
  amountMinor: number;
  description: string;
  counterparty: string | null;
  status: PlannedRow["status"];
  categoryId: string | null;
  categorySource: CategorySource | null;
  /** For a transfer: the other own account. */
  otherAccountId: string | null;
}

export type ImportProblem = { kind: "file"; error: StatementError } | { kind: "currency"; found: string; expected: string };

async function ownedAccount(executor: Executor, householdId: string, accountId: string) {
  if (!isUuid(accountId)) throw new BudgetAccessError("notFound");
  const [row] = await executor
    .select({ id: moneyAccount.id, currency: moneyAccount.currency, csvMapping: moneyAccount.csvMapping, archivedAt: moneyAccount.archivedAt })
    .from(moneyAccount)
    .where(and(eq(moneyAccount.id, accountId), eq(moneyAccount.householdId, householdId)))
    .limit(1);
  if (!row) throw new BudgetAccessError("notFound");
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
  if (!can(access.plan, "statements.import")) throw new BudgetAccessError("readOnly");
  await ownedAccount(db(), householdId, accountId);
  if (bytes.byteLength === 0) return { ok: false, problem: { kind: "file", error: { code: "EMPTY_FILE" } } };
  if (bytes.byteLength > maxStatementBytes) return { ok: false, problem: { kind: "file", error: { code: "FILE_TOO_LARGE" } } };
  await db().delete(importDraft).where(lt(importDraft.createdAt, new Date(Date.now() - draftLifetimeMs)));
  const [row] = await db()
    .insert(importDraft)
    .values({ householdId, accountId, createdBy: userId, fileName: fileName.slice(0, 200) || "statement", content: bytes })
    .returning({ id: importDraft.id });
  if (!row) throw new Error("draft insert returned nothing");
  return { ok: true, draftId: row.id };
}

async function loadDraft(executor: Executor, householdId: string, draftId: string) {
  if (!isUuid(draftId)) throw new BudgetAccessError("notFound");
  const [row] = await executor
    .select()
    .from(importDraft)
    .where(and(eq(importDraft.id, draftId), eq(importDraft.householdId, householdId)))
    .limit(1);
  if (!row) throw new BudgetAccessError("notFound");
  return row;
}

/** The identity of a row in its account, as stored: a hash, so the key column has one size and holds no bank text. */
function hashedKeys(accountId: string, statement: Statement): string[] {
  return importIdentities(statement.rows).map((identity) => crypto.createHash("sha256").update(`${accountId}\n${identity}`).digest("base64url"));
}

function currencyProblem(statement: Statement, expected: string): ImportProblem | undefined {
  const found = [statement.currency, ...statement.rows.map((row) => row.currency)].find((currency) => currency && currency.toUpperCase() !== expected);
  return found ? { kind: "currency", found: found.toUpperCase(), expected } : undefined;
}

interface Planned {
  statement: Statement;
  plan: PlannedRow[];
  read: Extract<StatementFileRead, { kind: "statement" }>;
}

/** Reads the draft and decides every row, against the database as `executor` sees it (inside the write transaction on confirmation). */
async function planDraft(
  executor: Executor,
  householdId: string,
  draft: { accountId: string; content: Uint8Array },
  mapping: unknown,
): Promise<{ ok: true; planned: Planned } | { ok: false; problem: ImportProblem } | { ok: false; needsMapping: Extract<StatementFileRead, { kind: "needs-mapping" }> }> {
  const account = await ownedAccount(executor, householdId, draft.accountId);
  const read = readStatementFile(draft.content, { mapping: mapping ?? account.csvMapping ?? undefined });
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

  const ownAccounts = await executor.select({ id: moneyAccount.id, iban: moneyAccount.iban }).from(moneyAccount).where(eq(moneyAccount.householdId, householdId));
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
  const plan = planImport({
    accountId: account.id,
    rows: statement.rows,
    keys,
    existingKeys,
    ownAccounts,
    openTransfers: openTransfers.map((open) => ({
      ...open,
      sideTaken: open.toAccountId === account.id ? open.toImportKey !== null : open.fromImportKey !== null,
    })),
  });
  return { ok: true, planned: { statement, plan, read } };
}

/**
 * The category a counterparty's entries have had most often in this household ("learned"), for each counterparty of
 * the file, in one grouped query; rules (the planning issue) will come before this.
 */
async function learnedCategories(executor: Executor, householdId: string, counterparties: readonly string[]) {
  const wanted = [...new Set(counterparties.map(normaliseForIdentity).filter(Boolean))];
  const learned = new Map<string, { income?: string; expense?: string }>();
  if (wanted.length === 0) return learned;
  const rows = await executor
    .select({
      counterparty: transaction.counterparty,
      kind: transaction.kind,
      categoryId: transaction.categoryId,
      uses: sql<number>`count(*)::int`,
    })
    .from(transaction)
    .where(and(eq(transaction.householdId, householdId), isNotNull(transaction.counterparty)))
    .groupBy(transaction.counterparty, transaction.kind, transaction.categoryId)
    .orderBy(desc(sql`count(*)`));
  for (const row of rows) {
    const name = normaliseForIdentity(row.counterparty ?? "");
    if (!wanted.includes(name)) continue;
    const entry = learned.get(name) ?? {};
    const kind = row.kind as "income" | "expense";
    entry[kind] ??= row.categoryId;
    learned.set(name, entry);
  }
  return learned;
}

function categoryFor(row: PlannedRow, learned: Map<string, { income?: string; expense?: string }>): { categoryId: string; source: CategorySource } {
  const kind = row.row.amountMinor >= 0 ? "income" : "expense";
  const known = learned.get(normaliseForIdentity(row.row.counterparty ?? ""))?.[kind];
  return known ? { categoryId: known, source: "learned" } : { categoryId: defaultCategoryId(kind), source: "default" };
}

/**
 * Many entries in one statement per 5,000: each column travels as one array parameter and `unnest` turns them back
 * into rows. A multi-row VALUES list would send 15 parameters per row, which costs more to build and to parse than
 * the rows cost to write (about six times slower for a 10,000-row statement).
 */
async function insertEntries(executor: Executor, entries: (typeof transaction.$inferInsert)[]) {
  for (let index = 0; index < entries.length; index += 5000) {
    const chunk = entries.slice(index, index + 5000);
    const column = <Value>(pick: (entry: (typeof chunk)[number]) => Value) => sql.param(chunk.map(pick));
    await executor.execute(sql`
      insert into "transaction" ("id", "household_id", "account_id", "kind", "amount_minor", "currency", "occurred_on", "description",
                                 "category_id", "counterparty", "counterparty_iban", "import_batch_id", "import_key", "created_by")
      select * from unnest(
        ${column((entry) => entry.id)}::uuid[], ${column((entry) => entry.householdId)}::uuid[], ${column((entry) => entry.accountId)}::uuid[],
        ${column((entry) => entry.kind)}::text[], ${column((entry) => entry.amountMinor)}::bigint[], ${column((entry) => entry.currency)}::text[],
        ${column((entry) => entry.occurredOn)}::date[], ${column((entry) => entry.description ?? "")}::text[], ${column((entry) => entry.categoryId)}::uuid[],
        ${column((entry) => entry.counterparty ?? null)}::text[], ${column((entry) => entry.counterpartyIban ?? null)}::text[],
        ${column((entry) => entry.importBatchId ?? null)}::uuid[], ${column((entry) => entry.importKey ?? null)}::text[], ${column((entry) => entry.createdBy ?? null)}::text[]
      )`);
  }
}

export type ImportPreview =
  | {
      kind: "preview";
      draftId: string;
      fileName: string;
      accountId: string;
      format: Statement["format"];
      encoding: string;
      bank: string | null;
      summary: ReturnType<typeof summarisePlan>;
      rows: PreviewRow[];
      closing: Statement["closing"] | null;
      categories: Awaited<ReturnType<typeof listCategories>>;
    }
  | { kind: "needs-mapping"; draftId: string; fileName: string; accountId: string; headers: string[]; sample: string[][]; suggestion: Extract<StatementFileRead, { kind: "needs-mapping" }>["suggestion"] }
  | { kind: "problem"; draftId: string; fileName: string; problem: ImportProblem };

/** What confirming would do with each row; nothing is written. */
export async function previewImport({ userId, householdId, draftId, mapping }: { userId: string; householdId: string; draftId: string; mapping?: unknown }): Promise<ImportPreview> {
  await requireHouseholdAccess({ userId, householdId, write: true });
  const draft = await loadDraft(db(), householdId, draftId);
  const result = await planDraft(db(), householdId, draft, mapping);
  if (!result.ok && "problem" in result) return { kind: "problem", draftId, fileName: draft.fileName, problem: result.problem };
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
  const learned = await learnedCategories(db(), householdId, planned.plan.map((row) => row.row.counterparty ?? ""));
  const rows = planned.plan.slice(0, previewRowLimit).map((row): PreviewRow => {
    const category = row.status === "new" ? categoryFor(row, learned) : null;
    return {
      line: row.row.line,
      bookedOn: row.row.bookedOn,
      amountMinor: row.row.amountMinor,
      description: row.row.description,
      counterparty: row.row.counterparty ?? null,
      status: row.status,
      categoryId: category?.categoryId ?? null,
      categorySource: category?.source ?? null,
      otherAccountId: row.status === "transfer" ? row.otherAccountId : null,
    };
  });
  return {
    kind: "preview",
    draftId,
    fileName: draft.fileName,
    accountId: draft.accountId,
    format: planned.statement.format,
    encoding: planned.read.encoding,
    bank: planned.read.preset?.bank ?? null,
    summary: summarisePlan(planned.plan),
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
  mapping?: unknown;
}

export type ImportResult =
  | {
      ok: true;
      batchId: string;
      imported: number;
      duplicates: number;
      transfers: number;
      /** The bank's closing balance against the account's balance on that day, when the file has one. */
      reconciliation: { bankMinor: number; oursMinor: number; on: string } | null;
    }
  | { ok: false; problem: ImportProblem }
  | { ok: false; expired: true };

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
  await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(draftId)) throw new BudgetAccessError("notFound");
  const [exists] = await db()
    .select({ id: importDraft.id })
    .from(importDraft)
    .where(and(eq(importDraft.id, draftId), eq(importDraft.householdId, householdId)))
    .limit(1);
  if (!exists) return { ok: false, expired: true };
  const categories = await listCategories({ householdId });
  const usable = new Map(categories.filter((category) => !category.archived).map((category) => [category.id, category.kind]));

  const outcome = await db().transaction(async (tx) => {
    const draft = await loadDraft(tx, householdId, draftId);
    const result = await planDraft(tx, householdId, draft, choices.mapping);
    if (!result.ok) return "problem" in result ? { ok: false as const, problem: result.problem } : { ok: false as const, problem: { kind: "file" as const, error: { code: "NOT_A_STATEMENT" as const } } };
    const { plan, statement, read } = result.planned;
    const chosen = plan.filter((row) => !choices.skipLines.has(row.row.line));
    const learned = await learnedCategories(tx, householdId, chosen.map((row) => row.row.counterparty ?? ""));

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

    const entries = chosen.flatMap((row) => {
      if (row.status !== "new" || row.row.amountMinor === 0) return [];
      const kind = row.row.amountMinor > 0 ? ("income" as const) : ("expense" as const);
      const picked = choices.categories.get(row.row.line);
      const categoryId = picked && usable.get(picked) === kind ? picked : categoryFor(row, learned).categoryId;
      return [
        {
          id: uuidv7(),
          householdId,
          accountId: draft.accountId,
          kind,
          amountMinor: Math.abs(row.row.amountMinor),
          currency: statement.currency?.toUpperCase() ?? row.row.currency?.toUpperCase() ?? "",
          occurredOn: row.row.bookedOn,
          description: (row.row.description || row.row.counterparty || "").slice(0, 500),
          categoryId,
          counterparty: row.row.counterparty ?? null,
          counterpartyIban: row.row.counterpartyIban ?? null,
          importBatchId: batch.id,
          importKey: row.key,
          createdBy: userId,
        },
      ];
    });
    const account = await ownedAccount(tx, householdId, draft.accountId);
    for (const entry of entries) if (!entry.currency) entry.currency = account.currency;
    await insertEntries(tx, entries);

    const transfers = chosen.flatMap((row) => {
      if (row.status !== "transfer") return [];
      const outgoing = row.row.amountMinor < 0;
      return [
        {
          id: uuidv7(),
          householdId,
          fromAccountId: outgoing ? draft.accountId : row.otherAccountId,
          toAccountId: outgoing ? row.otherAccountId : draft.accountId,
          amountMinor: Math.abs(row.row.amountMinor),
          occurredOn: row.row.bookedOn,
          description: (row.row.description || row.row.counterparty || "").slice(0, 500),
          importBatchId: batch.id,
          fromImportKey: outgoing ? row.key : null,
          toImportKey: outgoing ? null : row.key,
          createdBy: userId,
        },
      ];
    });
    for (let index = 0; index < transfers.length; index += 1000) await tx.insert(transfer).values(transfers.slice(index, index + 1000));
    // The second halves of transfers recorded from the other account: one statement per side, not one per row.
    const matched = chosen.flatMap((row) => (row.status === "transfer-matched" ? [row] : []));
    for (const side of ["to", "from"] as const) {
      const rows = matched.filter((row) => (row.row.amountMinor > 0) === (side === "to"));
      if (rows.length === 0) continue;
      const keyColumn = side === "to" ? sql`"to_import_key"` : sql`"from_import_key"`;
      await tx.execute(sql`
        update "transfer" set ${keyColumn} = "matched"."key", "matched_import_batch_id" = ${batch.id}, "updated_at" = now()
        from unnest(${sql.param(rows.map((row) => row.transferId))}::uuid[], ${sql.param(rows.map((row) => row.key))}::text[]) as "matched"("id", "key")
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
      if (!holder) await tx.update(moneyAccount).set({ iban, updatedAt: new Date() }).where(and(eq(moneyAccount.id, draft.accountId), isNull(moneyAccount.iban)));
    }
    // The mapping that read this CSV is the account's from now on: the next file of this bank goes straight to the preview.
    if (statement.format === "csv" && read.mapping && !read.preset) {
      await tx.update(moneyAccount).set({ csvMapping: read.mapping, updatedAt: new Date() }).where(eq(moneyAccount.id, draft.accountId));
    }
    await tx.delete(importDraft).where(eq(importDraft.id, draftId));
    return {
      ok: true as const,
      batchId: batch.id,
      imported: entries.length,
      duplicates: plan.filter((row) => row.status === "duplicate").length,
      transfers: transfers.length + chosen.filter((row) => row.status === "transfer-matched").length,
      closing: statement.closing ?? null,
      accountId: draft.accountId,
    };
  });
  if (!outcome.ok) return outcome;
  let reconciliation = null;
  if (outcome.closing) {
    const accounts = await listAccounts({ userId, householdId, on: outcome.closing.on });
    const ours = accounts.find((candidate) => candidate.id === outcome.accountId)?.balanceMinor ?? 0;
    reconciliation = { bankMinor: outcome.closing.amountMinor, oursMinor: ours, on: outcome.closing.on };
  }
  const { closing: _closing, accountId: _accountId, ...counts } = outcome;
  return { ...counts, reconciliation };
}

/** Removes exactly what one import wrote (owner only): its entries and transfers, and the transfer sides it matched. */
export async function undoImport({ userId, householdId, batchId }: { userId: string; householdId: string; batchId: string }) {
  await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(batchId)) throw new BudgetAccessError("notFound");
  return db().transaction(async (tx) => {
    const [batch] = await tx
      .select({ id: importBatch.id, accountId: importBatch.accountId, undoneAt: importBatch.undoneAt })
      .from(importBatch)
      .where(and(eq(importBatch.id, batchId), eq(importBatch.householdId, householdId)))
      .for("update")
      .limit(1);
    if (!batch) throw new BudgetAccessError("notFound");
    if (batch.undoneAt) return { ok: true as const, removed: 0 };
    const removedEntries = await tx.delete(transaction).where(and(eq(transaction.importBatchId, batchId), eq(transaction.householdId, householdId))).returning({ id: transaction.id });
    const removedTransfers = await tx.delete(transfer).where(and(eq(transfer.importBatchId, batchId), eq(transfer.householdId, householdId))).returning({ id: transfer.id });
    await tx
      .update(transfer)
      .set({ toImportKey: sql`case when ${transfer.toAccountId} = ${batch.accountId} then null else ${transfer.toImportKey} end`, fromImportKey: sql`case when ${transfer.fromAccountId} = ${batch.accountId} then null else ${transfer.fromImportKey} end`, matchedImportBatchId: null, updatedAt: new Date() })
      .where(and(eq(transfer.matchedImportBatchId, batchId), eq(transfer.householdId, householdId)));
    await tx.update(importBatch).set({ undoneAt: new Date(), updatedAt: new Date() }).where(eq(importBatch.id, batchId));
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
