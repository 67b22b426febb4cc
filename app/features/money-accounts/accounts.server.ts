import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { oncePerReadingRequest } from "~/lib/request-store.server";
import { rowsOf } from "~/db/rows.server";
import { unlessUniqueViolation } from "~/db/faults.server";
import { household } from "~/db/schema/household";
import { moneyAccount } from "~/db/schema/money-accounts";
import type { Currency } from "~/domain/money";
import { mayKeepAccount } from "~/domain/plans";
import { monthOf, monthStart, todayIn, type IsoDate } from "~/domain/periods";
import { baseAmountOf } from "~/domain/rates";
import { rateTable } from "~/features/rates/rates.server";
import { isUuid } from "~/lib/uuid";
import type { FieldErrors } from "~/lib/forms";
import type { Conflict } from "~/lib/row-version";
import { atVersion, nextVersion, versionOf } from "~/features/platform/row-version.server";
import { HouseholdAccessError } from "~/features/household/errors";
import { requireHouseholdAccess } from "~/features/household/households.server";
import type { AccountInput, AccountKind } from "./account.schema";
import { everydayAccountId } from "./everyday-account.server";

export interface AccountView {
  id: string;
  /** Null until named: the page shows the translated "Everyday account". */
  name: string | null;
  isEveryday: boolean;
  kind: AccountKind;
  currency: string;
  iban: string | null;
  openingBalanceMinor: number;
  openingOn: string | null;
  /** New expenses on it start out shared between the members (a joint account) rather than personal. */
  defaultShared: boolean;
  archived: boolean;
  /** Opening balance + income − expenses ± transfers up to and including the day asked for, in the account's currency. */
  balanceMinor: number;
  /** The balance in the household's base currency at that day's rate; null when no rate is known. */
  baseBalanceMinor: number | null;
  /** The row version an edit must be based on (features/platform/row-version.server.ts). */
  version: string;
}

/** An account's editable fields as they are now: what a refused stale save shows. */
export interface CurrentAccount {
  name: string | null;
  kind: AccountKind;
  iban: string | null;
  openingBalanceMinor: number;
  openingOn: string | null;
  defaultShared: boolean;
  version: string;
}

/**
 * An account's balance at the end of `day`, as a column of a query on money_account: account_month_total for the
 * months before (a few dozen rows however long the history), that month's entries and transfers up to the day by
 * indexed subqueries (transaction_account_date_idx, transfer_*_account_date_idx).
 */
function balanceOn(day: string) {
  const dayMonth = monthStart(monthOf(day));
  // Qualified by hand: inside a subquery Drizzle would print the bare column name, which the subquery's own table shadows.
  return sql<string>`"money_account"."opening_balance_minor"
        + coalesce((select sum(a.net_minor) from account_month_total a where a.account_id = "money_account"."id" and a.month < ${dayMonth}), 0)
        + coalesce((select sum(case when t.kind = 'income' then t.amount_minor else -t.amount_minor end) from "transaction" t
                    where t.account_id = "money_account"."id" and t.occurred_on >= ${dayMonth} and t.occurred_on <= ${day}), 0)
        + coalesce((select sum(tr.to_amount_minor) from transfer tr
                    where tr.to_account_id = "money_account"."id" and tr.occurred_on >= ${dayMonth} and tr.occurred_on <= ${day}), 0)
        - coalesce((select sum(tr.amount_minor) from transfer tr
                    where tr.from_account_id = "money_account"."id" and tr.occurred_on >= ${dayMonth} and tr.occurred_on <= ${day}), 0)`;
}

/** The currency of an account of this household; undefined for any other id. */
export async function accountCurrencyOf(householdId: string, accountId: string): Promise<string | undefined> {
  if (!isUuid(accountId)) return undefined;
  const [row] = await db()
    .select({ currency: moneyAccount.currency })
    .from(moneyAccount)
    .where(and(eq(moneyAccount.id, accountId), eq(moneyAccount.householdId, householdId)))
    .limit(1);
  return row?.currency;
}

/** Whether `accountId` names an account of this household (archived ones too). */
export async function isHouseholdAccount(householdId: string, accountId: string): Promise<boolean> {
  if (!isUuid(accountId)) return false;
  const [row] = await db()
    .select({ id: moneyAccount.id })
    .from(moneyAccount)
    .where(and(eq(moneyAccount.id, accountId), eq(moneyAccount.householdId, householdId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Every account of a household (archived last, Everyday first) with its balance at the end of `day` and the household's
 * base currency, in one query. The dashboard asks twice (the accounts card and Safe to spend's goals that follow an
 * account): a reading request reads it once.
 */
function accountsWithBalances(householdId: string, day: string) {
  return oncePerReadingRequest(`accounts ${householdId} ${day}`, () =>
    db()
      .select({
        id: moneyAccount.id,
        name: moneyAccount.name,
        isEveryday: moneyAccount.isEveryday,
        kind: moneyAccount.kind,
        currency: moneyAccount.currency,
        iban: moneyAccount.iban,
        openingBalanceMinor: moneyAccount.openingBalanceMinor,
        openingOn: moneyAccount.openingOn,
        defaultShared: moneyAccount.defaultShared,
        archivedAt: moneyAccount.archivedAt,
        version: versionOf(moneyAccount.updatedAt),
        balanceMinor: balanceOn(day),
        base: household.currency,
      })
      .from(moneyAccount)
      .innerJoin(household, eq(household.id, moneyAccount.householdId))
      .where(eq(moneyAccount.householdId, householdId))
      .orderBy(
        sql`${moneyAccount.archivedAt} is not null`,
        sql`not ${moneyAccount.isEveryday}`,
        asc(moneyAccount.createdAt),
      ),
  );
}

/**
 * The balances on `day` of some accounts of a household, by id, in the household's base currency at that day's rate
 * (an id of another household is left out; an account whose rate is unknown counts nothing until there is one). For
 * use cases that already checked the reader's access: a goal that follows an account shows its balance.
 */
export async function accountBalances(
  householdId: string,
  accountIds: readonly string[],
  day: string,
): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const wanted = new Set(accountIds);
  const rows = (await accountsWithBalances(householdId, day)).filter((row) => wanted.has(row.id));
  return new Map(
    rows.map((row) => [row.id, inBaseCurrency(Number(row.balanceMinor), row.currency, row.base, day) ?? 0]),
  );
}

/**
 * Every account of a household with its balance on a day (default today), in one query: account_month_total for the
 * months before, and that month's entries and transfers by indexed subqueries (transaction_account_date_idx,
 * transfer_*_account_date_idx).
 */
export async function listAccounts({
  userId,
  householdId,
  on,
}: {
  userId: string;
  householdId: string;
  on?: string;
}): Promise<AccountView[]> {
  await requireHouseholdAccess({ userId, householdId });
  await everydayAccountId(householdId);
  const day = on ?? todayIn(undefined);
  const rows = await accountsWithBalances(householdId, day);
  return rows.map(({ archivedAt, balanceMinor, kind, base, ...row }) => ({
    ...row,
    kind: kind,
    archived: archivedAt !== null,
    balanceMinor: Number(balanceMinor),
    baseBalanceMinor: inBaseCurrency(Number(balanceMinor), row.currency, base, day),
  }));
}

/**
 * An account's amount in the household's base currency at `day`'s rate (balances and net worth); null: no rate. An
 * empty account is nothing in any currency, so it never waits for a rate.
 */
function inBaseCurrency(amountMinor: number, currency: string, base: string, day: IsoDate): number | null {
  if (amountMinor === 0) return 0;
  return baseAmountOf(rateTable(), { amountMinor, currency, occurredOn: day }, base).baseAmountMinor;
}

type AccountWrite = { ok: true; accountId: string } | { ok: false; fieldErrors: FieldErrors };

async function ibanTaken(householdId: string, iban: string | null, exceptId?: string): Promise<boolean> {
  if (!iban) return false;
  const [row] = await db()
    .select({ id: moneyAccount.id })
    .from(moneyAccount)
    .where(
      and(
        eq(moneyAccount.householdId, householdId),
        eq(moneyAccount.iban, iban),
        exceptId ? ne(moneyAccount.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function openAccounts(householdId: string): Promise<number> {
  const [open] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(moneyAccount)
    .where(and(eq(moneyAccount.householdId, householdId), isNull(moneyAccount.archivedAt)));
  return open?.count ?? 0;
}

/** Adds an account (owner only). The free plan keeps the Everyday account and one savings account; premium any. */
export async function createAccount({
  userId,
  householdId,
  input,
}: {
  userId: string;
  householdId: string;
  input: AccountInput;
}): Promise<AccountWrite> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  await everydayAccountId(householdId);
  if (!mayKeepAccount(access.plan, input.kind, await openAccounts(householdId)))
    return { ok: false, fieldErrors: { form: "errors.accounts.limit" } };
  if (await ibanTaken(householdId, input.iban)) return { ok: false, fieldErrors: { iban: "errors.iban.taken" } };
  // The same IBAN added twice at once (two tabs): the unique index refuses the second, as the check above would have.
  const inserted = await unlessUniqueViolation(
    db()
      .insert(moneyAccount)
      .values({
        householdId,
        name: input.name,
        kind: input.kind,
        currency: input.currency ?? access.household.currency,
        iban: input.iban,
        openingBalanceMinor: input.openingBalance,
        openingOn: input.openingOn,
        defaultShared: input.defaultShared ?? false,
      })
      .returning({ id: moneyAccount.id }),
  );
  if (!inserted) return { ok: false, fieldErrors: { iban: "errors.iban.taken" } };
  const [row] = inserted;
  if (!row) throw new Error("account insert returned nothing");
  return { ok: true, accountId: row.id };
}

async function ownAccount(householdId: string, accountId: string) {
  if (!isUuid(accountId)) throw new HouseholdAccessError("notFound");
  const [row] = await db()
    .select({
      id: moneyAccount.id,
      isEveryday: moneyAccount.isEveryday,
      kind: moneyAccount.kind,
      archivedAt: moneyAccount.archivedAt,
    })
    .from(moneyAccount)
    .where(and(eq(moneyAccount.id, accountId), eq(moneyAccount.householdId, householdId)))
    .limit(1);
  if (!row) throw new HouseholdAccessError("notFound");
  return row;
}

/**
 * Changes an account; an account of another household is not found. Only if nobody changed the account since
 * `version` was loaded; otherwise nothing is written and the answer carries the account as it is now.
 */
export async function updateAccount({
  userId,
  householdId,
  accountId,
  version,
  input,
}: {
  userId: string;
  householdId: string;
  accountId: string;
  version: string | undefined;
  input: AccountInput;
}): Promise<AccountWrite | Conflict<CurrentAccount>> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  const account = await ownAccount(householdId, accountId);
  // A kind the plan does not offer stays only on the account that has it (kept after a downgrade).
  if (!account.isEveryday && input.kind !== account.kind && !mayKeepAccount(access.plan, input.kind, 0))
    return { ok: false, fieldErrors: { kind: "errors.accounts.limit" } };
  if (await ibanTaken(householdId, input.iban, accountId))
    return { ok: false, fieldErrors: { iban: "errors.iban.taken" } };
  const saved = await unlessUniqueViolation(
    db()
      .update(moneyAccount)
      .set({
        name: input.name,
        kind: input.kind,
        iban: input.iban,
        openingBalanceMinor: input.openingBalance,
        openingOn: input.openingOn,
        // Not asked (a household of one): the account keeps its default.
        ...(input.defaultShared === undefined ? {} : { defaultShared: input.defaultShared }),
        updatedAt: nextVersion(moneyAccount.updatedAt),
      })
      .where(
        and(
          eq(moneyAccount.id, accountId),
          eq(moneyAccount.householdId, householdId),
          atVersion(moneyAccount.updatedAt, version),
        ),
      )
      .returning({ id: moneyAccount.id }),
  );
  if (!saved) return { ok: false, fieldErrors: { iban: "errors.iban.taken" } };
  if (saved.length > 0) return { ok: true, accountId };
  const [current] = await db()
    .select({
      name: moneyAccount.name,
      kind: moneyAccount.kind,
      iban: moneyAccount.iban,
      openingBalanceMinor: moneyAccount.openingBalanceMinor,
      openingOn: moneyAccount.openingOn,
      defaultShared: moneyAccount.defaultShared,
      version: versionOf(moneyAccount.updatedAt),
    })
    .from(moneyAccount)
    .where(and(eq(moneyAccount.id, accountId), eq(moneyAccount.householdId, householdId)));
  return current ? { conflict: "changed", current: { ...current, kind: current.kind } } : { conflict: "gone" };
}

/** Archives (or brings back) an account: its entries stay in every total; it leaves the lists. The last open one stays. */
export async function setAccountArchived({
  userId,
  householdId,
  accountId,
  archived,
}: {
  userId: string;
  householdId: string;
  accountId: string;
  archived: boolean;
}) {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  const account = await ownAccount(householdId, accountId);
  if (archived && account.isEveryday) return { ok: false as const, error: "errors.accounts.everydayStays" };
  if (!archived && !account.isEveryday && !mayKeepAccount(access.plan, account.kind, await openAccounts(householdId)))
    return { ok: false as const, error: "errors.accounts.limit" };
  await db()
    .update(moneyAccount)
    .set({ archivedAt: archived ? new Date() : null, updatedAt: nextVersion(moneyAccount.updatedAt) })
    .where(and(eq(moneyAccount.id, accountId), eq(moneyAccount.householdId, householdId)));
  return { ok: true as const };
}

/**
 * A change of the household's base currency (decision 0026): accounts in the old base that hold nothing yet (no
 * entry, no transfer, no opening balance: a new household's Everyday account) take the new one; an account that holds
 * money keeps its currency, since its entries' amounts are the bank's. In the caller's transaction.
 */
export async function relabelEmptyAccounts(
  executor: Pick<Database, "execute">,
  { householdId, from, to }: { householdId: string; from: Currency; to: Currency },
): Promise<number> {
  const result = await executor.execute(sql`
    update ${moneyAccount} set "currency" = ${to}, "updated_at" = ${nextVersion(moneyAccount.updatedAt)}
    where ${moneyAccount.householdId} = ${householdId} and ${moneyAccount.currency} = ${from}
      and ${moneyAccount.openingBalanceMinor} = 0
      and not exists (select 1 from "transaction" t where t.account_id = "money_account"."id")
      and not exists (select 1 from transfer tr where tr.from_account_id = "money_account"."id" or tr.to_account_id = "money_account"."id")
    returning "money_account"."id"`);
  return rowsOf(result).length;
}

/** The household's accounts that hold money, with their currency: what a change of base currency leaves as they are. */
export async function accountsHoldingMoney(
  householdId: string,
): Promise<{ id: string; name: string | null; isEveryday: boolean; currency: string }[]> {
  return db()
    .select({
      id: moneyAccount.id,
      name: moneyAccount.name,
      isEveryday: moneyAccount.isEveryday,
      currency: moneyAccount.currency,
    })
    .from(moneyAccount)
    .where(
      and(
        eq(moneyAccount.householdId, householdId),
        sql`(${moneyAccount.openingBalanceMinor} <> 0
             or exists (select 1 from "transaction" t where t.account_id = "money_account"."id")
             or exists (select 1 from transfer tr where tr.from_account_id = "money_account"."id" or tr.to_account_id = "money_account"."id"))`,
      ),
    );
}
