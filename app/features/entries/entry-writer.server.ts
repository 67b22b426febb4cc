import { and, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { rowsOf } from "~/db/rows.server";
import { db, type Database } from "~/db/client.server";
import {
  bulkEdit,
  categorySharing,
  deletedEntry,
  entryLine,
  entryTitle,
  payee,
  transaction,
  type BulkEditedEntry,
} from "~/db/schema/entries";
import { sharedByDefaultCategoryIds, type TransactionKind } from "~/domain/categories";
import { household, householdMember } from "~/db/schema/household";
import { moneyAccount } from "~/db/schema/money-accounts";
import { baseAmountOf, isFixedSource, isRateSource, type BaseAmount } from "~/domain/rates";
import { rateTable } from "~/features/rates/rates.server";
import type { IsoDate } from "~/domain/periods";
import type { HouseholdAccess } from "~/features/household/households.server";
import {
  entriesSeenBy,
  payeesSeenBy,
  visibleEntries,
  visibleEntriesInSql,
} from "~/features/household/personal-privacy.server";
import { atVersion, nextVersion, versionOf } from "~/features/platform/row-version.server";
import { uuidv7 } from "~/lib/uuid";

/**
 * The one writer of income and expense entries (decision 0017). Every entry is created, changed and deleted here —
 * by the entry forms, recurring posting, statement import, rules, undo and the seeds — so the rules an entry obeys are
 * kept in one place:
 * - defaults: shared or personal unless the caller decided (the person or a rule): in a household of two or more an
 *   expense takes its payee's default, else its category's — the household's own (`category_sharing`), else the built-in one (housing,
 *   groceries, utilities shared) — and where that leaves it to the account, the account says (a joint account: shared) — `startsShared` in app/domain/categories.ts is the same order; paid or received by whoever
 *   entered it unless somebody was named;
 * - versions: every change moves `updated_at` forward (`nextVersion`), and a change by id can require the version the
 *   person saw;
 * - privacy: a member's change or delete never reaches another member's hidden personal expense (`visibleEntries`);
 *   only the processes that act for the household itself (posting a series, reopening its date, undoing an import)
 *   pass `null` as access, and say why at the call;
 * - undo: a delete a person can undo keeps a copy on the server, and undo puts back that copy, whole;
 * - currencies (decision 0026): an entry is in its account's currency, and keeps its base amount in the household's
 *   base currency with the rate, its day and source; each line its share of that base amount, adding up exactly.
 * Account and category month totals follow from triggers on the table (migrations 0003 and 0011), whoever writes.
 *
 * `server/entry-writer.test.ts` fails when any other module writes the entries table.
 */

/** The database, or the transaction a caller is writing in. */
type Executor = Pick<Database, "execute">;

/** Who is writing: a member's access (their privacy applies), or null for the household's own processes. */
type Writer = Pick<HouseholdAccess, "hiddenPersonalOf"> | null;

export interface NewEntry {
  /** Made by the caller when something else must name the entry before it exists (a series' occurrence). */
  id?: string;
  householdId: string;
  accountId: string;
  kind: TransactionKind;
  /** In the account's currency, which the entry takes. */
  amountMinor: number;
  occurredOn: IsoDate;
  /** The person's (or a rule's) own title; empty: the payee's name is the title. */
  description: string;
  categoryId: string;
  /** Who it was paid to or received from, normalised (payee-name.ts): the household's payee of that key, made when new. */
  payee?: { key: string; name: string } | null;
  /** The bank's full text. */
  details?: string;
  counterparty?: string | null;
  counterpartyIban?: string | null;
  /** A card payment abroad: what the shop charged, in its currency, as the statement gives it. */
  original?: { amountMinor: number; currency: string } | null;
  importBatchId?: string | null;
  importKey?: string | null;
  /** Who entered it; null for a process nobody started (a series set up by a member who has since left). */
  createdBy: string | null;
  /** Absent: the account's default (a joint account: shared). */
  shared?: boolean;
  /** Who paid or received it; absent: whoever entered it. */
  memberUserId?: string | null;
  /** A split: its lines, adding up to `amountMinor`. Absent: one line, the entry's category, amount and sharing. */
  lines?: readonly NewLine[];
  /**
   * The id the device made (decision 0028): an entry whose id the household already has is not added again, and is
   * missing from what `insertEntries` returns (the caller decides what a repeat means).
   */
  clientId?: string | null;
}

/** An entry as the writer hands it back: what notifications and the forms need. */
export interface WrittenEntry {
  id: string;
  householdId: string;
  kind: TransactionKind;
  amountMinor: number;
  currency: string;
  baseAmountMinor: number | null;
  occurredOn: IsoDate;
  description: string;
  categoryId: string;
  shared: boolean;
  memberUserId: string | null;
  version: string;
}

const written = {
  id: transaction.id,
  householdId: transaction.householdId,
  kind: transaction.kind,
  amountMinor: transaction.amountMinor,
  currency: transaction.currency,
  baseAmountMinor: transaction.baseAmountMinor,
  occurredOn: transaction.occurredOn,
  description: entryTitle,
  categoryId: transaction.categoryId,
  shared: transaction.shared,
  memberUserId: transaction.memberUserId,
  version: versionOf(transaction.updatedAt),
};

type WrittenRow = Omit<WrittenEntry, "kind"> & { kind: string };

function toWritten(row: WrittenRow): WrittenEntry {
  return { ...row, kind: row.kind === "income" ? "income" : "expense" };
}

function fromRaw(row: Record<string, unknown>): WrittenEntry {
  return toWritten({
    id: String(row.id),
    householdId: String(row.household_id),
    kind: String(row.kind),
    amountMinor: Number(row.amount_minor),
    currency: String(row.currency),
    baseAmountMinor: row.base_amount_minor === null ? null : Number(row.base_amount_minor),
    occurredOn: String(row.occurred_on),
    description: String(row.description ?? ""),
    categoryId: String(row.category_id),
    shared: row.shared === true,
    memberUserId: typeof row.member_user_id === "string" ? row.member_user_id : null,
    version: String(row.version),
  });
}

/**
 * Adds entries with their lines, many in one statement per 5,000: each column travels as one array parameter and
 * `unnest` turns them back into rows (a multi-row VALUES list costs about six times more to build and parse for a
 * 10,000-row import). An entry without `lines` gets its one line in the same statement; split ones get theirs next.
 */
export async function insertEntries(
  executor: Pick<Database, "execute" | "transaction">,
  entries: readonly NewEntry[],
): Promise<WrittenEntry[]> {
  // A split's lines are a second statement: both commit together (a savepoint inside a caller's transaction), or the
  // lines' check refuses the entry alone.
  if (entries.some((entry) => entry.lines)) return executor.transaction((tx) => insertEachChunk(tx, entries));
  return insertEachChunk(executor, entries);
}

/**
 * The household's payees of these names, made when new (one statement to add, one to read back): by household and key,
 * "<household> <key>" → id. A key merged into another payee (the Payees screen) gives that payee.
 */
async function payeeIds(executor: Executor, entries: readonly NewEntry[]): Promise<Map<string, string>> {
  const wanted = new Map<string, { householdId: string; key: string; name: string }>();
  for (const entry of entries)
    if (entry.payee?.key)
      wanted.set(`${entry.householdId} ${entry.payee.key}`, { householdId: entry.householdId, ...entry.payee });
  if (wanted.size === 0) return new Map();
  const list = [...wanted.values()];
  const households = sql.param(list.map((item) => item.householdId));
  const keys = sql.param(list.map((item) => item.key));
  await executor.execute(sql`
    insert into ${payee} ("household_id", "key", "name")
    select * from unnest(${households}::uuid[], ${keys}::text[], ${sql.param(list.map((item) => item.name))}::text[])
    on conflict ("household_id", "key") do nothing`);
  const found = rowsOf(
    await executor.execute(sql`
      select coalesce("payee"."merged_into_id", "payee"."id") as "id", "payee"."household_id", "payee"."key" from ${payee}
      join unnest(${households}::uuid[], ${keys}::text[]) as "wanted"("household_id", "key")
        on "payee"."household_id" = "wanted"."household_id" and "payee"."key" = "wanted"."key"`),
  );
  return new Map(found.map((row) => [`${String(row.household_id)} ${String(row.key)}`, String(row.id)]));
}

/**
 * The payees a new entry's creator may not see (`payeesSeenBy`): seen only on another member's hidden entries, whose
 * rename, memory ("always health, personal") and entries the creator must not join (issue 44). "<creator> <payee id>";
 * one query for each household and creator with somebody hiding from them, none otherwise.
 */
async function payeesUnseenByCreators(
  executor: Executor,
  entries: readonly NewEntry[],
  payees: ReadonlyMap<string, string>,
): Promise<Set<string>> {
  const unseen = new Set<string>();
  const groups = new Map<string, { householdId: string; createdBy: string; ids: Set<string> }>();
  for (const entry of entries) {
    const payeeId = entry.payee && payees.get(`${entry.householdId} ${entry.payee.key}`);
    if (!payeeId || !entry.createdBy) continue;
    const key = `${entry.householdId} ${entry.createdBy}`;
    const group = groups.get(key) ?? { householdId: entry.householdId, createdBy: entry.createdBy, ids: new Set() };
    group.ids.add(payeeId);
    groups.set(key, group);
  }
  for (const { householdId, createdBy, ids } of groups.values()) {
    // The other members, present or former, who keep their personal spending to category totals (as the access check).
    const hiding = rowsOf(
      await executor.execute(sql`select "user_id" from "personal_privacy"
        where "household_id" = ${householdId} and "user_id" <> ${createdBy}`),
    ).map((row) => String(row.user_id));
    const seenBy = payeesSeenBy({ hiddenPersonalOf: hiding });
    if (!seenBy) continue;
    const seen = new Set(
      rowsOf(
        await executor.execute(sql`select ${payee.id} as "id" from ${payee}
          where ${payee.id} = any(${sql.param([...ids])}::uuid[]) and ${seenBy}`),
      ).map((row) => String(row.id)),
    );
    for (const id of ids) if (!seen.has(id)) unseen.add(`${createdBy} ${id}`);
  }
  return unseen;
}

async function insertEachChunk(executor: Executor, entries: readonly NewEntry[]): Promise<WrittenEntry[]> {
  const inserted: WrittenEntry[] = [];
  for (let index = 0; index < entries.length; index += 5000) {
    const slice = entries.slice(index, index + 5000);
    const payees = await payeeIds(executor, slice);
    const unseen = await payeesUnseenByCreators(executor, slice, payees);
    const currencies = await accountCurrencies(executor, slice);
    const chunk = slice.map((entry) => {
      const account = currencies.get(entry.accountId);
      // An account that is not there fails the insert on its foreign key; its currency is never read.
      const currency = account?.currency ?? "EUR";
      const payeeId = entry.payee ? (payees.get(`${entry.householdId} ${entry.payee.key}`) ?? null) : null;
      // A payee its creator does not see (decision 0037) is not joined: the entry is titled as its own row names it.
      const hiddenPayee = payeeId !== null && unseen.has(`${entry.createdBy} ${payeeId}`);
      return {
        ...entry,
        id: entry.id ?? uuidv7(),
        description: hiddenPayee && !entry.description ? (entry.payee?.name ?? "") : entry.description,
        payeeId: hiddenPayee ? null : payeeId,
        currency,
        ...baseAmountOf(rateTable(), { ...entry, currency }, account?.baseCurrency ?? currency),
      };
    });
    for (const entry of chunk) if (entry.lines) checkLines(entry.amountMinor, entry.lines);
    const split = chunk.filter((entry) => entry.lines !== undefined);
    const column = <Value>(pick: (entry: (typeof chunk)[number]) => Value) => sql.param(chunk.map(pick));
    const result = await executor.execute(sql`
      with "inserted" as (
        insert into ${transaction} ("id", "household_id", "account_id", "kind", "amount_minor", "currency", "occurred_on", "description",
                                   "category_id", "counterparty", "counterparty_iban", "import_batch_id", "import_key", "created_by",
                                   "shared", "member_user_id", "payee_id", "details", "base_amount_minor", "rate", "rate_on",
                                   "rate_source", "rate_provisional", "original_amount_minor", "original_currency", "client_id")
        select entry.id, entry.household_id, entry.account_id, entry.kind, entry.amount_minor, entry.currency, entry.occurred_on, entry.description,
               entry.category_id, entry.counterparty, entry.counterparty_iban, entry.import_batch_id, entry.import_key, entry.created_by,
               coalesce(entry.shared,
                        case when entry.kind = 'expense'
                                  and (select count(*) from ${householdMember} member where member."household_id" = entry.household_id) > 1
                             then case coalesce((select known."sharing" from ${payee} known where known."id" = entry.payee_id),
                                                (select own."sharing" from ${categorySharing} own
                                                 where own."household_id" = entry.household_id and own."category_id" = entry.category_id),
                                                case when entry.category_id = any(${sql.param(sharedByDefaultCategoryIds)}::uuid[])
                                                     then 'shared' else 'account' end)
                                  when 'shared' then true when 'personal' then false end
                        end,
                        (select account."default_shared" from "money_account" account where account."id" = entry.account_id), false),
               coalesce(entry.member_user_id, entry.created_by), entry.payee_id, coalesce(entry.details, ''),
               entry.base_amount_minor, entry.rate, entry.rate_on, entry.rate_source, entry.rate_provisional,
               entry.original_amount_minor, entry.original_currency, entry.client_id
        from unnest(
          ${column((entry) => entry.id)}::uuid[], ${column((entry) => entry.householdId)}::uuid[], ${column((entry) => entry.accountId)}::uuid[],
          ${column((entry) => entry.kind)}::text[], ${column((entry) => entry.amountMinor)}::bigint[], ${column((entry) => entry.currency)}::text[],
          ${column((entry) => entry.occurredOn)}::date[], ${column((entry) => entry.description)}::text[], ${column((entry) => entry.categoryId)}::uuid[],
          ${column((entry) => entry.counterparty ?? null)}::text[], ${column((entry) => entry.counterpartyIban ?? null)}::text[],
          ${column((entry) => entry.importBatchId ?? null)}::uuid[], ${column((entry) => entry.importKey ?? null)}::text[], ${column((entry) => entry.createdBy)}::text[],
          ${column((entry) => entry.shared ?? null)}::boolean[], ${column((entry) => entry.memberUserId ?? null)}::text[],
          ${column((entry) => entry.payeeId)}::uuid[], ${column((entry) => entry.details ?? null)}::text[],
          ${column((entry) => entry.baseAmountMinor)}::bigint[], ${column((entry) => entry.rate)}::float8[],
          ${column((entry) => entry.rateOn)}::date[], ${column((entry) => entry.rateSource)}::text[],
          ${column((entry) => entry.rateProvisional)}::boolean[],
          ${column((entry) => entry.original?.amountMinor ?? null)}::bigint[], ${column((entry) => entry.original?.currency ?? null)}::text[],
          ${column((entry) => entry.clientId ?? null)}::uuid[]
        ) as entry(id, household_id, account_id, kind, amount_minor, currency, occurred_on, description, category_id, counterparty, counterparty_iban,
                 import_batch_id, import_key, created_by, shared, member_user_id, payee_id, details, base_amount_minor, rate, rate_on,
                 rate_source, rate_provisional, original_amount_minor, original_currency, client_id)
        on conflict ("household_id", "client_id") where "client_id" is not null do nothing
        returning *, ${versionOf(transaction.updatedAt)} as "version"
      ), "one_line" as (
        insert into ${entryLine} ("entry_id", "household_id", "kind", "occurred_on", "position", "category_id", "amount_minor",
                                  "base_amount_minor", "shared")
        select "id", "household_id", "kind", "occurred_on", 0, "category_id", "amount_minor", "base_amount_minor", "shared" from "inserted"
        where not ("id" = any(${sql.param(split.map((entry) => entry.id))}::uuid[]))
      )
      select "id", "household_id", "kind", "amount_minor", "currency", "base_amount_minor", to_char("occurred_on", 'YYYY-MM-DD') as "occurred_on",
             coalesce(nullif("description", ''), (select "name" from ${payee} where ${payee.id} = "inserted"."payee_id"),
                      nullif("counterparty", ''), "details") as "description",
             "category_id", "shared", "member_user_id", "version" from "inserted"`);
    const rows = rowsOf(result).map(fromRaw);
    inserted.push(...rows);
    const sharedOf = new Map(rows.map((row) => [row.id, row.shared]));
    // A split sent again under a client id the household has was not added: its lines are not either.
    const added = split.filter((entry) => sharedOf.has(entry.id));
    await insertLines(
      executor,
      added.flatMap((entry) =>
        (entry.lines ?? []).map((line) => ({ ...line, entry, shared: line.shared ?? sharedOf.get(entry.id) ?? false })),
      ),
    );
    await settleLineBases(
      executor,
      added.map((entry) => entry.id),
    );
  }
  return inserted;
}

/** The currency of each account the entries are for, and its household's base currency: one query. */
async function accountCurrencies(
  executor: Executor,
  entries: readonly Pick<NewEntry, "accountId">[],
): Promise<Map<string, { currency: string; baseCurrency: string }>> {
  const ids = [...new Set(entries.map((entry) => entry.accountId))];
  const rows = rowsOf(
    await executor.execute(sql`
      select ${moneyAccount.id} as "id", ${moneyAccount.currency} as "currency", ${household.currency} as "base_currency"
      from ${moneyAccount} join ${household} on ${household.id} = ${moneyAccount.householdId}
      where ${moneyAccount.id} = any(${sql.param(ids)}::uuid[])`),
  );
  return new Map(
    rows.map((row) => [String(row.id), { currency: String(row.currency), baseCurrency: String(row.base_currency) }]),
  );
}

/**
 * Each line of these entries takes its share of its entry's base amount, by largest remainder so they add up to it
 * exactly (ties to the earlier line), or null with it. Writes only lines whose share changed: an entry in the base
 * currency, or of one line, already has its lines right and costs one read.
 */
async function settleLineBases(executor: Executor, entryIds: readonly string[]) {
  if (entryIds.length === 0) return;
  await executor.execute(sql`
    with "share" as (
      select "line"."id", "line"."entry_id", "line"."position", "entry"."base_amount_minor" as "total",
             ("line"."amount_minor"::numeric * "entry"."base_amount_minor") / "entry"."amount_minor" as "exact"
      from ${entryLine} "line" join ${transaction} "entry" on "entry"."id" = "line"."entry_id"
      where "line"."entry_id" = any(${sql.param([...entryIds])}::uuid[])
    ), "ranked" as (
      select "id", "total", floor("exact") as "low",
             "total" - sum(floor("exact")) over (partition by "entry_id") as "left_over",
             row_number() over (partition by "entry_id" order by "exact" - floor("exact") desc, "position") as "rank"
      from "share"
    ), "settled" as (
      select "id", case when "total" is null then null
                        else ("low" + case when "rank" <= "left_over" then 1 else 0 end)::bigint end as "base"
      from "ranked"
    )
    update ${entryLine} set "base_amount_minor" = "settled"."base"
    from "settled"
    where "entry_line"."id" = "settled"."id" and "entry_line"."base_amount_minor" is distinct from "settled"."base"`);
}

/**
 * Works out these entries' base amounts again from their amount, day and currency: at their own rate when a person
 * or the bank set it (or the statement says what a payment abroad cost in the base currency), else at the table's
 * rate of their day (a rate that was missing or provisional may be there
 * now); then their lines' shares. Writes only entries whose base amount or rate changed; the version stays, since
 * nothing the person wrote changed. Answers how many changed.
 */
async function rebaseEntries(executor: Executor, entryIds: readonly string[]): Promise<number> {
  if (entryIds.length === 0) return 0;
  const rows = rowsOf(
    await executor.execute(sql`
      select "entry"."id", "entry"."amount_minor", "entry"."currency", to_char("entry"."occurred_on", 'YYYY-MM-DD') as "occurred_on",
             "entry"."base_amount_minor", "entry"."rate", to_char("entry"."rate_on", 'YYYY-MM-DD') as "rate_on",
             "entry"."rate_source", "entry"."rate_provisional", "entry"."original_amount_minor", "entry"."original_currency",
             ${household.currency} as "base_currency"
      from ${transaction} "entry" join ${household} on ${household.id} = "entry"."household_id"
      where "entry"."id" = any(${sql.param([...entryIds])}::uuid[])`),
  );
  const changed = rows.flatMap((row) => {
    const source = isRateSource(row.rate_source) ? row.rate_source : null;
    const fixed =
      source && isFixedSource(source) && row.rate !== null && typeof row.rate_on === "string"
        ? { rate: Number(row.rate), rateOn: row.rate_on, source }
        : null;
    const base: BaseAmount = baseAmountOf(
      rateTable(),
      {
        amountMinor: Number(row.amount_minor),
        currency: String(row.currency),
        occurredOn: String(row.occurred_on),
        fixed,
        original:
          row.original_currency === null
            ? null
            : { amountMinor: Number(row.original_amount_minor), currency: String(row.original_currency) },
      },
      String(row.base_currency),
    );
    const same =
      base.baseAmountMinor === (row.base_amount_minor === null ? null : Number(row.base_amount_minor)) &&
      base.rate === (row.rate === null ? null : Number(row.rate)) &&
      base.rateOn === (row.rate_on ?? null) &&
      base.rateSource === source &&
      base.rateProvisional === (row.rate_provisional === true);
    return same ? [] : [{ id: String(row.id), ...base }];
  });
  if (changed.length > 0) {
    const column = <Value>(pick: (entry: (typeof changed)[number]) => Value) => sql.param(changed.map(pick));
    await executor.execute(sql`
      update ${transaction} set "base_amount_minor" = "rebased"."base_amount_minor", "rate" = "rebased"."rate",
                                "rate_on" = "rebased"."rate_on", "rate_source" = "rebased"."rate_source",
                                "rate_provisional" = "rebased"."rate_provisional"
      from unnest(${column((entry) => entry.id)}::uuid[], ${column((entry) => entry.baseAmountMinor)}::bigint[],
                  ${column((entry) => entry.rate)}::float8[], ${column((entry) => entry.rateOn)}::date[],
                  ${column((entry) => entry.rateSource)}::text[], ${column((entry) => entry.rateProvisional)}::boolean[])
        as "rebased"("id", "base_amount_minor", "rate", "rate_on", "rate_source", "rate_provisional")
      where "transaction"."id" = "rebased"."id"`);
  }
  await settleLineBases(executor, entryIds);
  return changed.length;
}

/**
 * A change of the household's base currency: every entry's base amount again from its own amount, at its own day's
 * rate (a rate set by hand was to the old base, so it goes back to the table), in rounds of 2,000. In the caller's
 * transaction. Answers how many entries it read.
 */
export async function rebaseHousehold(executor: Executor, householdId: string): Promise<number> {
  await executor.execute(sql`
    update ${transaction} set "rate" = null, "rate_on" = null, "rate_source" = null, "rate_provisional" = false
    where ${transaction.householdId} = ${householdId} and ${transaction.rateSource} in ('manual', 'bank')`);
  let after = "00000000-0000-0000-0000-000000000000";
  let read = 0;
  for (;;) {
    const ids = rowsOf(
      await executor.execute(sql`
        select "id" from ${transaction} where ${transaction.householdId} = ${householdId} and "id" > ${after}::uuid
        order by "id" limit 2000`),
    ).map((row) => String(row.id));
    const last = ids.at(-1);
    if (!last) return read;
    after = last;
    read += ids.length;
    await rebaseEntries(executor, ids);
  }
}

/**
 * After a rate update: every entry whose rate was missing or provisional takes the table's rate now, in rounds of
 * 2,000 (the partial index finds them). A rate set by a person or the bank is never replaced. Answers how many changed.
 */
export async function fillPendingRates(): Promise<number> {
  let filled = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const pending = await db()
      .select({ id: transaction.id })
      .from(transaction)
      .where(
        and(
          sql`(${transaction.baseAmountMinor} is null or ${transaction.rateProvisional})`,
          sql`${transaction.id} > ${after}`,
        ),
      )
      .orderBy(transaction.id)
      .limit(2000);
    const last = pending.at(-1);
    if (!last) return filled;
    after = last.id;
    filled += await db().transaction((tx) =>
      rebaseEntries(
        tx,
        pending.map((row) => row.id),
      ),
    );
  }
}

/** One line of a split entry, as a caller gives it. */
export interface NewLine {
  categoryId: string;
  amountMinor: number;
  /** Absent: as the entry is. */
  shared?: boolean;
  /** Whose personal line; absent or null: the entry's member. */
  memberUserId?: string | null;
  note?: string;
}

/** Thrown when a split's lines do not add up to the entry: a caller's bug, since forms check it first. */
export class LinesDoNotAddUpError extends Error {
  constructor(entryMinor: number, linesMinor: number) {
    super(`lines add up to ${linesMinor}, not the entry's ${entryMinor}`);
  }
}

function checkLines(entryMinor: number, lines: readonly NewLine[]) {
  const linesMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  if (lines.length === 0 || linesMinor !== entryMinor) throw new LinesDoNotAddUpError(entryMinor, linesMinor);
}

type LineWrite = NewLine & {
  entry: { id: string; householdId: string; kind: TransactionKind; occurredOn: IsoDate };
  shared: boolean;
};

async function insertLines(executor: Executor, lines: readonly LineWrite[]) {
  if (lines.length === 0) return;
  const positions = new Map<string, number>();
  const position = (line: LineWrite) => {
    const next = positions.get(line.entry.id) ?? 0;
    positions.set(line.entry.id, next + 1);
    return next;
  };
  const column = <Value>(pick: (line: LineWrite) => Value) => sql.param(lines.map(pick));
  await executor.execute(sql`
    insert into ${entryLine} ("entry_id", "household_id", "kind", "occurred_on", "position", "category_id", "amount_minor", "shared",
                              "member_user_id", "note")
    select * from unnest(
      ${column((line) => line.entry.id)}::uuid[], ${column((line) => line.entry.householdId)}::uuid[], ${column((line) => line.entry.kind)}::text[],
      ${column((line) => line.entry.occurredOn)}::date[], ${column(position)}::int[], ${column((line) => line.categoryId)}::uuid[],
      ${column((line) => line.amountMinor)}::bigint[], ${column((line) => line.shared)}::boolean[],
      ${column((line) => line.memberUserId ?? null)}::text[], ${column((line) => line.note ?? "")}::text[])`);
}

/** What a person may change on an entry from its form. */
export interface EntryChange {
  kind: TransactionKind;
  amountMinor: number;
  occurredOn: IsoDate;
  description: string;
  categoryId: string;
  /** Absent: unchanged. */
  shared?: boolean;
  /** Absent: unchanged; null: whoever entered it. */
  memberUserId?: string | null;
  /**
   * The entry's new lines, adding up to `amountMinor`: a split, or one line to un-split. Absent: an entry of one line
   * keeps that line equal to the entry; a split keeps its lines (and then the amount must stay).
   */
  lines?: readonly NewLine[];
}

/**
 * Changes one entry, but only while it is at `version` and the writer may see it; undefined when nothing matched
 * (changed meanwhile, gone, another household's id, or another member's hidden personal expense).
 */
export async function changeEntry(
  executor: Pick<Database, "transaction">,
  {
    writer,
    householdId,
    entryId,
    version,
    change,
  }: { writer: Writer; householdId: string; entryId: string; version: string | undefined; change: EntryChange },
): Promise<WrittenEntry | undefined> {
  const { lines, ...fields } = change;
  if (lines) checkLines(fields.amountMinor, lines);
  // The form shows the payee's name as the title; saving it unchanged keeps it the payee's, so a rename follows.
  const description = sql`case when ${fields.description} = (select ${payee.name} from ${payee} where ${payee.id} = ${transaction.payeeId})
    then '' else ${fields.description} end`;
  return executor.transaction(async (tx) => {
    const [row] = await tx
      .update(transaction)
      .set({ ...fields, description, updatedAt: nextVersion(transaction.updatedAt) })
      .where(
        and(
          eq(transaction.id, entryId),
          eq(transaction.householdId, householdId),
          atVersion(transaction.updatedAt, version),
          writer ? visibleEntries(writer) : undefined,
        ),
      )
      .returning(written);
    if (!row) return undefined;
    await rebaseEntries(tx, [entryId]);
    const entry = { ...toWritten(row), baseAmountMinor: await baseAmountNow(tx, entryId) };
    if (lines) {
      await tx.delete(entryLine).where(eq(entryLine.entryId, entryId));
      await insertLines(
        tx,
        lines.map((line) => ({ ...line, entry, shared: line.shared ?? entry.shared })),
      );
      await settleLineBases(tx, [entryId]);
    } else {
      await followEntries(tx, [entryId]);
      // A split keeps its lines, so its amount cannot change without new ones.
      const [split] = await tx
        .select({ linesMinor: sql<string>`sum(${entryLine.amountMinor})`, lines: sql<number>`count(*)::int` })
        .from(entryLine)
        .where(eq(entryLine.entryId, entryId));
      if (split && split.lines > 1 && Number(split.linesMinor) !== entry.amountMinor)
        throw new LinesDoNotAddUpError(entry.amountMinor, Number(split.linesMinor));
    }
    return entry;
  });
}

/**
 * Lines follow their entries after a change: always the kind and date; an entry of one line also its category, amount
 * and sharing. A split keeps its own categories, amounts and sharing.
 */
async function followEntries(executor: Executor, entryIds: readonly string[]) {
  await executor.execute(sql`
    update ${entryLine} set "kind" = "entry"."kind", "occurred_on" = "entry"."occurred_on",
      "category_id" = case when "counted"."lines" = 1 then "entry"."category_id" else "entry_line"."category_id" end,
      "amount_minor" = case when "counted"."lines" = 1 then "entry"."amount_minor" else "entry_line"."amount_minor" end,
      "base_amount_minor" = case when "counted"."lines" = 1 then "entry"."base_amount_minor" else "entry_line"."base_amount_minor" end,
      "shared" = case when "counted"."lines" = 1 then "entry"."shared" else "entry_line"."shared" end
    from ${transaction} "entry",
         (select "entry_id", count(*) as "lines" from ${entryLine} where "entry_id" = any(${sql.param([...entryIds])}::uuid[]) group by "entry_id") "counted"
    where "entry"."id" = "entry_line"."entry_id" and "counted"."entry_id" = "entry_line"."entry_id"`);
  await settleLineBases(executor, entryIds);
}

/**
 * Sets an entry's rate by hand (base units per unit of its currency, as of its own day), or with null gives it back to
 * the table. Only an entry in another currency than the base, at `version`, that the writer may see; undefined when
 * nothing matched. The base amount and the lines' shares follow; a later rate update keeps a rate set by hand.
 */
export async function setEntryRate(
  executor: Pick<Database, "transaction">,
  {
    writer,
    householdId,
    entryId,
    version,
    rate,
  }: { writer: Writer; householdId: string; entryId: string; version: string | undefined; rate: number | null },
): Promise<WrittenEntry | undefined> {
  if (rate !== null && !(rate > 0 && Number.isFinite(rate))) throw new RangeError("a rate is a positive number");
  return executor.transaction(async (tx) => {
    const [row] = await tx
      .update(transaction)
      .set(
        rate === null
          ? { rate: null, rateOn: null, rateSource: null, updatedAt: nextVersion(transaction.updatedAt) }
          : {
              rate,
              rateOn: transaction.occurredOn,
              rateSource: "manual",
              rateProvisional: false,
              updatedAt: nextVersion(transaction.updatedAt),
            },
      )
      .where(
        and(
          eq(transaction.id, entryId),
          eq(transaction.householdId, householdId),
          atVersion(transaction.updatedAt, version),
          sql`${transaction.currency} <> (select ${household.currency} from ${household} where ${household.id} = ${transaction.householdId})`,
          writer ? visibleEntries(writer) : undefined,
        ),
      )
      .returning(written);
    if (!row) return undefined;
    await rebaseEntries(tx, [entryId]);
    return { ...toWritten(row), baseAmountMinor: await baseAmountNow(tx, entryId) };
  });
}

/** An entry's base amount as its last rebase left it. */
async function baseAmountNow(executor: Pick<Database, "select">, entryId: string): Promise<number | null> {
  const [row] = await executor
    .select({ baseAmountMinor: transaction.baseAmountMinor })
    .from(transaction)
    .where(eq(transaction.id, entryId));
  return row?.baseAmountMinor ?? null;
}

/** What a rule changes on an entry it matches (the rule's category, its new title when it renames, shared or not). */
export interface RuleChange {
  id: string;
  categoryId: string;
  /** Null: the title stays. */
  description: string | null;
  shared: boolean;
  /** A rule's split of an entry of one line: its new lines, adding up to the entry. Absent: the lines follow. */
  lines?: readonly NewLine[];
}

/** Applies many rule changes in one statement; entries the writer may not see are left as they are. */
export async function applyRuleChanges(
  executor: Executor,
  { writer, householdId, changes }: { writer: Writer; householdId: string; changes: readonly RuleChange[] },
): Promise<void> {
  if (changes.length === 0) return;
  const column = <Value>(pick: (change: RuleChange) => Value) => sql.param(changes.map(pick));
  const result = await executor.execute(sql`
    update ${transaction} set "category_id" = "changed"."category_id",
                              "description" = coalesce("changed"."description", "transaction"."description"),
                              "shared" = "changed"."shared", "updated_at" = ${nextVersion(transaction.updatedAt)}
    from unnest(${column((change) => change.id)}::uuid[], ${column((change) => change.categoryId)}::uuid[],
                ${column((change) => change.description)}::text[], ${column((change) => change.shared)}::boolean[])
      as "changed"("id", "category_id", "description", "shared")
    where "transaction"."id" = "changed"."id" and "transaction"."household_id" = ${householdId}
      and ${writer ? visibleEntriesInSql(writer) : sql`true`}
    returning "transaction"."id", "transaction"."household_id", "transaction"."kind", "transaction"."amount_minor",
              "transaction"."currency", "transaction"."base_amount_minor",
              to_char("transaction"."occurred_on", 'YYYY-MM-DD') as "occurred_on", "transaction"."description",
              "transaction"."category_id", "transaction"."shared", "transaction"."member_user_id", '' as "version"`);
  await followEntries(
    executor,
    changes.map((change) => change.id),
  );
  // Split by the rule: the entries actually changed (the writer may see them) get their new lines.
  const linesOf = new Map(changes.flatMap((change) => (change.lines ? [[change.id, change.lines] as const] : [])));
  if (linesOf.size === 0) return;
  const splitEntries = rowsOf(result)
    .map(fromRaw)
    .flatMap((entry) => {
      const lines = linesOf.get(entry.id);
      return lines ? [{ entry, lines }] : [];
    });
  for (const { entry, lines } of splitEntries) checkLines(entry.amountMinor, lines);
  await executor.execute(
    sql`delete from ${entryLine} where "entry_id" = any(${sql.param(splitEntries.map(({ entry }) => entry.id))}::uuid[])`,
  );
  await insertLines(
    executor,
    splitEntries.flatMap(({ entry, lines }) =>
      lines.map((line) => ({ ...line, entry, shared: line.shared ?? entry.shared })),
    ),
  );
  await settleLineBases(
    executor,
    splitEntries.map(({ entry }) => entry.id),
  );
}

/** An imported row that turned out to be an entry already there: the entry takes the row's identity and bank text. */
export interface ImportLink {
  entryId: string;
  importKey: string;
  /** The bank's full text. */
  details: string;
}

/**
 * Links entries typed by hand or posted by a series to the imported rows they are (statement import): each takes the
 * row's import key, so a re-import finds it as a duplicate, and the bank's text as its details, and remembers the
 * import, whose undo unlinks it (`unlinkImport`). Title, category, note, amount and sharing stay the person's. Only an
 * entry of that account with no import identity and no bank text yet, and one the writer may see. Returns the ids linked.
 */
export async function linkImportedEntries(
  executor: Executor,
  {
    writer,
    householdId,
    accountId,
    importBatchId,
    links,
  }: { writer: Writer; householdId: string; accountId: string; importBatchId: string; links: readonly ImportLink[] },
): Promise<string[]> {
  if (links.length === 0) return [];
  const column = <Value>(pick: (link: ImportLink) => Value) => sql.param(links.map(pick));
  const result = await executor.execute(sql`
    update ${transaction} set "import_key" = "linked"."import_key", "details" = "linked"."details",
                              "matched_import_batch_id" = ${importBatchId}, "updated_at" = ${nextVersion(transaction.updatedAt)}
    from unnest(${column((link) => link.entryId)}::uuid[], ${column((link) => link.importKey)}::text[],
                ${column((link) => link.details)}::text[]) as "linked"("id", "import_key", "details")
    where "transaction"."id" = "linked"."id" and "transaction"."household_id" = ${householdId}
      and "transaction"."account_id" = ${accountId} and "transaction"."import_key" is null and "transaction"."details" = ''
      and ${writer ? visibleEntriesInSql(writer) : sql`true`}
    returning "transaction"."id"`);
  return rowsOf(result).map((row) => String(row.id));
}

/**
 * Undoes `linkImportedEntries` for one import: its linked entries lose the import key and the bank's text they took,
 * and stay, with whatever their people changed since. For the household's own process (undoing an import), like the
 * delete of the import's own rows. Returns how many were unlinked.
 */
export async function unlinkImport(
  executor: Executor,
  { householdId, importBatchId }: { householdId: string; importBatchId: string },
): Promise<number> {
  const result = await executor.execute(sql`
    update ${transaction} set "import_key" = null, "details" = '', "matched_import_batch_id" = null,
                              "updated_at" = ${nextVersion(transaction.updatedAt)}
    where "transaction"."matched_import_batch_id" = ${importBatchId} and "transaction"."household_id" = ${householdId}
    returning "transaction"."id"`);
  return rowsOf(result).length;
}

/** Which entries of one household a delete removes: by id (optionally at a version), or one import's rows. */
type Selection = { ids: readonly string[]; version?: string } | { importBatchId: string };

function selected(householdId: string, selection: Selection, writer: Writer): SQL | undefined {
  return and(
    eq(transaction.householdId, householdId),
    "importBatchId" in selection
      ? eq(transaction.importBatchId, selection.importBatchId)
      : inArray(transaction.id, [...selection.ids]),
    "version" in selection ? atVersion(transaction.updatedAt, selection.version) : undefined,
    writer ? visibleEntries(writer) : undefined,
  );
}

/**
 * Deletes entries and hands them back. With `undoBy`, the deleting member can put them back for a day: the server
 * keeps each whole (account, counterparty, import identity and all), and `restoreEntry` restores exactly that copy.
 */
export async function deleteEntries(
  executor: Pick<Database, "transaction">,
  {
    writer,
    householdId,
    selection,
    undoBy,
  }: { writer: Writer; householdId: string; selection: Selection; undoBy?: string },
): Promise<WrittenEntry[]> {
  const matches = selected(householdId, selection, writer);
  return executor.transaction(async (tx) => {
    if (undoBy)
      await tx.execute(sql`
        insert into ${deletedEntry} ("id", "household_id", "deleted_by", "entry", "lines")
        select "transaction"."id", "transaction"."household_id", ${undoBy}, to_jsonb("transaction"),
               (select jsonb_agg(to_jsonb("line") order by "line"."position") from ${entryLine} "line" where "line"."entry_id" = "transaction"."id")
        from ${transaction} where ${matches}
        on conflict ("id") do update
          set "entry" = excluded."entry", "lines" = excluded."lines", "deleted_by" = excluded."deleted_by", "deleted_at" = now()`);
    const removed = await tx.delete(transaction).where(matches).returning(written);
    return removed.map(toWritten);
  });
}

/** How long undo of a delete can put the entry back; the copy is removed after it (`purgeUndoCopies`). */
export const undoHours = 24;

/** Removes the copies of deleted entries past their undo time: deleted means deleted, a day later at the latest. */
export async function purgeUndoCopies(now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - undoHours * 3_600_000);
  // A bulk edit's undo lasts as long as its deleted entries' copies.
  await db().delete(bulkEdit).where(lt(bulkEdit.createdAt, before));
  const removed = await db()
    .delete(deletedEntry)
    .where(lt(deletedEntry.deletedAt, before))
    .returning({ id: deletedEntry.id });
  return removed.length;
}

/**
 * Puts back the server's copy of an entry `deletedBy` deleted within the undo time, exactly as it was (its account,
 * counterparty, import identity, member and version). Undefined when there is no such copy, or when the entry is now
 * another member's hidden personal expense: then nothing changes and the copy stays, for its own member's sake.
 * A second undo changes nothing and answers the entry as it is.
 */
export async function restoreEntry(
  executor: Pick<Database, "transaction">,
  {
    writer,
    householdId,
    entryId,
    deletedBy,
  }: { writer: Writer; householdId: string; entryId: string; deletedBy: string },
): Promise<WrittenEntry | undefined> {
  const rollback = Symbol("not shown");
  try {
    return await executor.transaction(async (tx) => {
      await tx.execute(sql`
        with "copy" as (
          delete from ${deletedEntry}
          where "id" = ${entryId} and "household_id" = ${householdId} and "deleted_by" = ${deletedBy}
            and "deleted_at" > now() - make_interval(hours => ${undoHours})
          returning "entry", "lines"),
        "restored" as (
          insert into ${transaction} select (jsonb_populate_record(null::"transaction", "copy"."entry")).* from "copy"
          on conflict ("id") do nothing
          returning *),
        "kept_lines" as (
          insert into ${entryLine}
          select (jsonb_populate_record(null::"entry_line", "line"."value")).*
          from "copy", jsonb_array_elements("copy"."lines") as "line"
          where "copy"."lines" is not null and exists (select 1 from "restored"))
        -- A copy kept before entries had lines: the entry's one line.
        insert into ${entryLine} ("entry_id", "household_id", "kind", "occurred_on", "position", "category_id", "amount_minor", "shared")
        select "restored"."id", "restored"."household_id", "restored"."kind", "restored"."occurred_on", 0, "restored"."category_id",
               "restored"."amount_minor", "restored"."shared"
        from "restored", "copy" where "copy"."lines" is null`);
      // A copy kept before entries had base amounts gets them now; any other is as it was.
      await rebaseEntries(tx, [entryId]);
      const [row] = await tx
        .select(written)
        .from(transaction)
        .where(selected(householdId, { ids: [entryId] }, writer))
        .limit(1);
      if (!row) throw rollback;
      return toWritten(row);
    });
  } catch (error) {
    if (error === rollback) return undefined;
    throw error;
  }
}

/**
 * Before a member renames or merges a payee: the entries of it hidden from them (`entriesSeenBy`) that take their title
 * from the payee keep it, as their own description (issue 44). A member changes the payees they see, never the titles of
 * another member's hidden entries. What the entry's member sees is unchanged, so the version stays.
 */
export async function keepHiddenTitles(
  executor: Executor,
  {
    writer,
    householdId,
    payeeId,
  }: { writer: Pick<HouseholdAccess, "hiddenPersonalOf">; householdId: string; payeeId: string },
): Promise<void> {
  const { visibility } = entriesSeenBy(writer);
  if (visibility.length === 0) return;
  await executor.execute(sql`
    update ${transaction} set "description" = (select ${payee.name} from ${payee} where ${payee.id} = ${payeeId})
    where ${transaction.householdId} = ${householdId} and ${transaction.payeeId} = ${payeeId}
      and ${transaction.description} = '' and not (${and(...visibility)})`);
}

/**
 * Moves every entry of one payee to another (merging payees on the Payees screen), or back (its undo): the entries
 * named in `only`, when given, and still on `from`. The payee list is the household's, like a rename, which every
 * entry's title follows at once: so the move reaches every member's entries of the payee, hidden ones too, and changes
 * nothing of them but who they were paid to (no amount, category, sharing or version the person saw). Returns the ids
 * it moved.
 */
export async function moveEntriesToPayee(
  executor: Executor,
  { householdId, from, to, only }: { householdId: string; from: string; to: string; only?: readonly string[] },
): Promise<string[]> {
  const result = await executor.execute(sql`
    update ${transaction} set "payee_id" = ${to}
    where ${transaction.householdId} = ${householdId} and ${transaction.payeeId} = ${from}
      ${only ? sql`and ${transaction.id} = any(${sql.param([...only])}::uuid[])` : sql``}
    returning ${transaction.id} as "id"`);
  return rowsOf(result).map((row) => String(row.id));
}

/** What a bulk edit changes on every entry it names: one thing at a time. */
export type BulkChange = { categoryId: string } | { payeeId: string | null } | { shared: boolean };

/** Which column a bulk change (and its undo) writes. */
function bulkColumn(change: BulkChange | BulkEditedEntry): "category_id" | "payee_id" | "shared" {
  if ("categoryId" in change) return "category_id";
  if ("payeeId" in change) return "payee_id";
  return "shared";
}

/**
 * Changes one thing on many entries in one statement (bulk edit of search results) and answers, for each entry it
 * changed, what that was before and the entry's new version, for undo. Left as they are: entries the writer may not
 * see, another household's ids, entries that already have the value, and for a category or sharing, split entries
 * (their lines keep their own) and, for a category, entries of the other kind than the category's. An entry of one line
 * has its line follow.
 */
export async function changeEntriesInBulk(
  executor: Pick<Database, "transaction">,
  {
    writer,
    householdId,
    ids,
    change,
  }: { writer: Writer; householdId: string; ids: readonly string[]; change: BulkChange },
): Promise<BulkEditedEntry[]> {
  if (ids.length === 0) return [];
  const column = sql.raw(`"${bulkColumn(change)}"`);
  const value =
    "categoryId" in change
      ? sql`${change.categoryId}::uuid`
      : "payeeId" in change
        ? sql`${change.payeeId}::uuid`
        : sql`${change.shared}::boolean`;
  const onlyWhole =
    "payeeId" in change
      ? sql``
      : sql`and (select count(*) from ${entryLine} where "entry_line"."entry_id" = "transaction"."id") = 1`;
  const ofKind =
    "categoryId" in change
      ? sql`and "transaction"."kind" = (select "category"."kind" from "category" where "category"."id" = ${change.categoryId}::uuid)`
      : sql``;
  return executor.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update ${transaction} set ${column} = ${value}, "updated_at" = ${nextVersion(transaction.updatedAt)}
      from ${transaction} "before"
      where "before"."id" = "transaction"."id" and "transaction"."id" = any(${sql.param([...ids])}::uuid[])
        and "transaction"."household_id" = ${householdId} and "transaction".${column} is distinct from ${value}
        and ${writer ? visibleEntriesInSql(writer) : sql`true`} ${onlyWhole} ${ofKind}
      returning "before"."id", "before"."category_id", "before"."payee_id", "before"."shared",
                ${versionOf(transaction.updatedAt)} as "version"`);
    const changed: BulkEditedEntry[] = rowsOf(result).map((row) => ({
      id: String(row.id),
      ...("categoryId" in change
        ? { categoryId: String(row.category_id) }
        : "payeeId" in change
          ? { payeeId: typeof row.payee_id === "string" ? row.payee_id : null }
          : { shared: row.shared === true }),
      version: String(row.version),
    }));
    if (!("payeeId" in change) && changed.length > 0)
      await followEntries(
        tx,
        changed.map((entry) => entry.id),
      );
    return changed;
  });
}

/**
 * Undo of `changeEntriesInBulk`: each entry gets back its own earlier value, in one statement, but only while it is at
 * the version the bulk edit left (an entry somebody changed since keeps that change) and the writer may see it.
 * Answers how many it put back.
 */
export async function restoreBulkChange(
  executor: Pick<Database, "transaction">,
  { writer, householdId, entries }: { writer: Writer; householdId: string; entries: readonly BulkEditedEntry[] },
): Promise<number> {
  const [first] = entries;
  if (!first) return 0;
  const name = bulkColumn(first);
  const column = sql.raw(`"${name}"`);
  const pick = <Value>(read: (entry: BulkEditedEntry) => Value) => sql.param(entries.map(read));
  return executor.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update ${transaction} set ${column} = "before".${column}, "updated_at" = ${nextVersion(transaction.updatedAt)}
      from unnest(${pick((entry) => entry.id)}::uuid[], ${pick((entry) => entry.categoryId ?? null)}::uuid[],
                  ${pick((entry) => entry.payeeId ?? null)}::uuid[], ${pick((entry) => entry.shared ?? null)}::boolean[],
                  ${pick((entry) => entry.version ?? null)}::text[])
        as "before"("id", "category_id", "payee_id", "shared", "version")
      where "transaction"."id" = "before"."id" and "transaction"."household_id" = ${householdId}
        and ${versionOf(transaction.updatedAt)} = "before"."version"
        and ${writer ? visibleEntriesInSql(writer) : sql`true`}
      returning "transaction"."id"`);
    const restored = rowsOf(result).map((row) => String(row.id));
    if (name !== "payee_id" && restored.length > 0) await followEntries(tx, restored);
    return restored.length;
  });
}

/**
 * Puts back, in one statement, the server's copies of entries `deletedBy` deleted within the undo time (a bulk
 * delete's undo), each exactly as it was with its lines, like `restoreEntry`. A copy of what is now another member's
 * hidden personal expense stays where it is, for its own member's sake. Answers how many it put back.
 */
export async function restoreEntries(
  executor: Executor,
  {
    writer,
    householdId,
    entryIds,
    deletedBy,
  }: { writer: Writer; householdId: string; entryIds: readonly string[]; deletedBy: string },
): Promise<number> {
  if (entryIds.length === 0) return 0;
  // The copies read as entries ("transaction"), so the privacy predicate applies to them as to the table's rows.
  const result = await executor.execute(sql`
    with "wanted" as (
      select "kept"."id" from ${deletedEntry} "kept", jsonb_populate_record(null::"transaction", "kept"."entry") as "transaction"
      where "kept"."id" = any(${sql.param([...entryIds])}::uuid[]) and "kept"."household_id" = ${householdId}
        and "kept"."deleted_by" = ${deletedBy} and "kept"."deleted_at" > now() - make_interval(hours => ${undoHours})
        and ${writer ? visibleEntriesInSql(writer) : sql`true`}),
    "copy" as (
      delete from ${deletedEntry} where "id" in (select "id" from "wanted")
      returning "entry", "lines"),
    "restored" as (
      insert into ${transaction} select (jsonb_populate_record(null::"transaction", "copy"."entry")).* from "copy"
      on conflict ("id") do nothing
      returning *),
    "kept_lines" as (
      insert into ${entryLine}
      select (jsonb_populate_record(null::"entry_line", "line"."value")).*
      from "copy", jsonb_array_elements("copy"."lines") as "line"
      where "copy"."lines" is not null and ("line"."value"->>'entry_id')::uuid in (select "id" from "restored")),
    "one_line" as (
      -- A copy kept before entries had lines: the entry's one line.
      insert into ${entryLine} ("entry_id", "household_id", "kind", "occurred_on", "position", "category_id", "amount_minor", "shared")
      select "restored"."id", "restored"."household_id", "restored"."kind", "restored"."occurred_on", 0, "restored"."category_id",
             "restored"."amount_minor", "restored"."shared"
      from "restored" join "copy" on ("copy"."entry"->>'id')::uuid = "restored"."id" where "copy"."lines" is null)
    select "id" from "restored"`);
  const restored = rowsOf(result).map((row) => String(row.id));
  // Copies kept before entries had base amounts get them now; any other is as it was.
  await rebaseEntries(executor, restored);
  return restored.length;
}
