import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { rowsOf } from "~/db/rows.server";
import { db, type Database } from "~/db/client.server";
import { moneyAccount } from "~/db/schema/money-accounts";
import { recurring, recurringOccurrence } from "~/db/schema/recurring";
import type { TransactionKind } from "~/domain/categories";
import { can } from "~/domain/plans";
import { addDays, addMonths, monthOf, monthStart, type IsoDate, type MonthKey } from "~/domain/periods";
import { payPeriod } from "~/domain/pay-periods";
import {
  detectRecurring as detectInHistory,
  isOccurrence,
  knownSeriesKeys,
  occurrencesBetween,
  type RecurringSuggestion,
  type Schedule,
} from "~/domain/recurring";
import type { FieldErrors } from "~/lib/forms";
import type { Conflict } from "~/lib/row-version";
import { atVersion, nextVersion, versionOf } from "~/features/platform/row-version.server";
import { isUuid, uuidv7 } from "~/lib/uuid";
import { HouseholdAccessError } from "~/features/household/errors";
import { requireHouseholdAccess, type HouseholdAccess } from "~/features/household/households.server";
import { notifySharedExpenses } from "~/features/household/notifications.server";
import { visibleEntriesInSql, visibleSeries } from "~/features/household/personal-privacy.server";
import { isUsableCategory, listCategories } from "~/features/entries/categories.server";
import { deleteEntries, insertEntries } from "~/features/entries/entry-writer.server";
import { noticePassedBudgets } from "~/features/budgets/budgets.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { recurringTextMaxLength, type RecurringInput } from "./recurring.schema";

/** One series as the pages show it. */
export interface SeriesView extends Schedule {
  id: string;
  kind: TransactionKind;
  amountMinor: number;
  description: string;
  counterparty: string | null;
  categoryId: string;
  accountId: string;
  autoPost: boolean;
  /** The row version an edit or delete must be based on (features/platform/row-version.server.ts). */
  version: string;
}

/**
 * One due date of a series in a month: posted or skipped (recorded), or still open — due from today on, overdue
 * before (a series that is not posted automatically waits for its tap).
 */
export interface OccurrenceView {
  recurringId: string;
  dueOn: IsoDate;
  kind: TransactionKind;
  amountMinor: number;
  description: string;
  counterparty: string | null;
  categoryId: string;
  accountId: string;
  autoPost: boolean;
  status: "posted" | "skipped" | "due" | "overdue";
}

type SeriesWrite = { ok: true; recurringId: string } | { ok: false; fieldErrors: FieldErrors };
type OccurrenceWrite = { ok: true; changed: boolean } | { ok: false; error: string };

const seriesColumns = {
  id: recurring.id,
  kind: recurring.kind,
  amountMinor: recurring.amountMinor,
  description: recurring.description,
  counterparty: recurring.counterparty,
  categoryId: recurring.categoryId,
  accountId: recurring.accountId,
  frequency: recurring.frequency,
  interval: recurring.interval,
  dayOfMonth: recurring.dayOfMonth,
  lastDay: recurring.lastDay,
  startsOn: recurring.startsOn,
  endsOn: recurring.endsOn,
  autoPost: recurring.autoPost,
  version: versionOf(recurring.updatedAt),
};

type SeriesRow = Pick<typeof recurring.$inferSelect, Exclude<keyof typeof seriesColumns, "version">> & {
  version: string;
};

function toView(row: SeriesRow): SeriesView {
  return { ...row };
}

/**
 * The household's series, oldest first (recurring_household_idx); optionally only those running in a date range.
 * `shownTo`: only those that member may see one by one (`visibleSeries`); without it, all (for sums and the worker).
 * `recordedIn`: each series also carries its recorded due dates (posted or skipped) in [from, to), read in the same
 * statement through the occurrence table's key (`recurring_id, due_on`).
 */
async function seriesOf(
  householdId: string,
  during?: { from: IsoDate; to: IsoDate },
  shownTo?: HouseholdAccess,
  recordedIn?: { from: IsoDate; to?: IsoDate },
): Promise<(SeriesView & { shown: boolean; recorded: Map<IsoDate, OccurrenceStatus> })[]> {
  const shown = shownTo ? visibleSeries(shownTo) : undefined;
  const recordedDates = recordedIn
    ? sql<unknown>`(select json_agg(json_build_array(o."due_on", o."status")) from ${recurringOccurrence} o
        where o."recurring_id" = ${recurring.id} and o."due_on" >= ${recordedIn.from}
        ${recordedIn.to ? sql`and o."due_on" < ${recordedIn.to}` : sql``})`
    : sql<unknown>`null`;
  const rows = await db()
    .select({ ...seriesColumns, shown: shown ? sql<boolean>`${shown}` : sql<boolean>`true`, recordedDates })
    .from(recurring)
    .where(
      and(
        eq(recurring.householdId, householdId),
        during ? lt(recurring.startsOn, during.to) : undefined,
        during ? or(isNull(recurring.endsOn), gte(recurring.endsOn, during.from)) : undefined,
      ),
    )
    .orderBy(asc(recurring.createdAt), asc(recurring.id));
  return rows.map(({ shown, recordedDates: dates, ...row }) => ({
    ...toView(row),
    shown,
    recorded: new Map(Array.isArray(dates) ? dates.filter(isRecordedDate) : []),
  }));
}

type OccurrenceStatus = (typeof recurringOccurrence.$inferSelect)["status"];

/** One `[due_on, status]` pair as PostgreSQL's JSON gives it. */
function isRecordedDate(value: unknown): value is [IsoDate, OccurrenceStatus] {
  return Array.isArray(value) && typeof value[0] === "string" && (value[1] === "posted" || value[1] === "skipped");
}

/** One series the member may see; a partner's hidden one is not found, like a stranger's id. */
async function requireSeries(access: HouseholdAccess, recurringId: string): Promise<SeriesView> {
  if (!isUuid(recurringId)) throw new HouseholdAccessError("notFound");
  const [row] = await db()
    .select(seriesColumns)
    .from(recurring)
    .where(and(eq(recurring.id, recurringId), eq(recurring.householdId, access.household.id), visibleSeries(access)))
    .limit(1);
  if (!row) throw new HouseholdAccessError("notFound");
  return toView(row);
}

/** Every series of the household with its next open due date from today on (null once it has ended). */
export async function listRecurring({
  userId,
  householdId,
  today,
}: {
  userId: string;
  householdId: string;
  today: IsoDate;
}) {
  const access = await requireHouseholdAccess({ userId, householdId });
  const series = await seriesOf(householdId, undefined, access, { from: today });
  return {
    access,
    series: series
      .filter((item) => item.shown)
      .map(({ shown: _shown, recorded, ...item }) => {
        // Dates confirmed or skipped ahead are passed over; a year of them is more than anyone records ahead.
        const open = occurrencesBetween(item, today, addDays(today, 400)).find((date) => !recorded.has(date));
        return { ...item, nextDue: open ?? null };
      }),
  };
}

/**
 * A month's due dates of every series, and what is still to come in it: the dates neither posted nor skipped —
 * overdue ones of earlier days included, since their money has not been entered either. The totals feed the
 * dashboard's "Safe to spend" (expected income and upcoming bills). One indexed query, whatever the history.
 */
export async function upcomingForMonth({
  userId,
  householdId,
  month,
  today,
  monthStartDay = 1,
}: {
  userId: string;
  householdId: string;
  month: MonthKey;
  today: IsoDate;
  /** The day the month starts: 1, the calendar month (the recurring page), or the household's payday (the dashboard). */
  monthStartDay?: number;
}) {
  const access = await requireHouseholdAccess({ userId, householdId });
  const { from, to } = payPeriod(month, monthStartDay);
  // Bills early next month may be due before the next income arrives: the month's money must reach them too. A month
  // that is over plans nothing ahead; a month in progress or ahead looks into the next one.
  const ahead = to > today ? payPeriod(addMonths(month, 1), monthStartDay).to : to;
  const series = await seriesOf(householdId, { from, to: ahead }, access, { from, to: ahead });
  const all = series
    .flatMap((item) =>
      occurrencesBetween(item, from, addDays(ahead, -1)).map((dueOn) => ({
        shown: item.shown,
        recurringId: item.id,
        dueOn,
        kind: item.kind,
        amountMinor: item.amountMinor,
        description: item.description,
        counterparty: item.counterparty,
        categoryId: item.categoryId,
        accountId: item.accountId,
        autoPost: item.autoPost,
        status: item.recorded.get(dueOn) ?? (dueOn < today ? ("overdue" as const) : ("due" as const)),
      })),
    )
    .sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0));
  const isOpen = (item: (typeof all)[number]) => item.status === "due" || item.status === "overdue";
  const inMonth = all.filter((item) => item.dueOn < to);
  const open = inMonth.filter(isOpen);
  const beforeNextIncome = billsBeforeNextIncome(
    open,
    all.filter((item) => item.dueOn >= to),
  );
  // The totals are the household's, a partner's hidden series included; the dates are listed only where shown.
  const sum = (items: typeof all, kind: TransactionKind) =>
    items.filter((item) => item.kind === kind).reduce((total, item) => total + item.amountMinor, 0);
  const listed = (items: typeof all): OccurrenceView[] =>
    items.filter((item) => item.shown).map(({ shown: _shown, ...item }) => item);
  return {
    access,
    occurrences: listed(inMonth),
    upcoming: listed(open),
    /** Next month's open bills due before its first expected income, which this month's money has to pay. */
    beforeNextIncome: listed(beforeNextIncome.filter(isOpen)),
    totals: {
      expectedIncomeMinor: sum(open, "income"),
      upcomingBillsMinor: sum(open, "expense"),
      billsBeforeNextIncomeMinor: sum(beforeNextIncome, "expense"),
    },
  };
}

/**
 * Bills due after the month's end and before the next expected income. Nothing when income is still expected this
 * month (the bills after it are that income's to pay) or when no income is expected next month (Samen does not guess
 * how far the money must reach). The next income is read from the series the member is shown, so a partner's hidden
 * series never changes which bills are listed.
 */
function billsBeforeNextIncome<Item extends { shown: boolean; kind: TransactionKind; dueOn: IsoDate }>(
  openThisMonth: readonly Item[],
  nextMonth: readonly (Item & { status: string })[],
): Item[] {
  if (openThisMonth.some((item) => item.kind === "income" && item.shown)) return [];
  const income = nextMonth.find((item) => item.kind === "income" && item.shown);
  if (!income) return [];
  // A bill confirmed early is entered on its due date, next month: still this month's money's to pay.
  return nextMonth.filter((item) => item.kind === "expense" && item.dueOn < income.dueOn && item.status !== "skipped");
}

/** The series' account: one of the household's open accounts, or its Everyday account when none is chosen. */
async function accountFor(householdId: string, accountId: string | null): Promise<string | null> {
  if (accountId === null) return everydayAccountId(householdId);
  const [row] = await db()
    .select({ id: moneyAccount.id })
    .from(moneyAccount)
    .where(
      and(eq(moneyAccount.id, accountId), eq(moneyAccount.householdId, householdId), isNull(moneyAccount.archivedAt)),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Checks a series' category and account; the values to write, or the fields to fix. */
async function seriesValues(householdId: string, input: RecurringInput) {
  const fieldErrors: FieldErrors = {};
  if (!(await isUsableCategory({ householdId, categoryId: input.categoryId, kind: input.kind })))
    fieldErrors.categoryId = "errors.category.invalid";
  const accountId = await accountFor(householdId, input.accountId);
  if (!accountId) fieldErrors.accountId = "recurring:errors.account";
  if (!accountId || Object.keys(fieldErrors).length > 0) return { ok: false as const, fieldErrors };
  return {
    ok: true as const,
    values: {
      kind: input.kind,
      amountMinor: input.amount,
      description: input.description,
      counterparty: input.counterparty,
      categoryId: input.categoryId,
      accountId,
      frequency: input.frequency,
      interval: input.interval,
      dayOfMonth: input.dayOfMonth,
      lastDay: input.lastDay,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      autoPost: input.autoPost,
    },
  };
}

async function requireWriter(userId: string, householdId: string) {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!can(access.plan, "recurring.schedule")) throw new HouseholdAccessError("readOnly");
  return access;
}

/** Sets up a series (owner only). Nothing is posted here: the worker posts automatic ones, the page offers the rest. */
export async function createRecurring({
  userId,
  householdId,
  input,
}: {
  userId: string;
  householdId: string;
  input: RecurringInput;
}): Promise<SeriesWrite> {
  const access = await requireWriter(userId, householdId);
  const checked = await seriesValues(householdId, input);
  if (!checked.ok) return checked;
  const [row] = await db()
    .insert(recurring)
    .values({ householdId, currency: access.household.currency, createdBy: userId, ...checked.values })
    .returning({ id: recurring.id });
  if (!row) throw new Error("recurring insert returned nothing");
  return { ok: true, recurringId: row.id };
}

/** What a refused stale save or delete answers: the series as it is now, or that it is gone. */
async function seriesConflict(access: HouseholdAccess, recurringId: string): Promise<Conflict<SeriesView>> {
  const [row] = await db()
    .select(seriesColumns)
    .from(recurring)
    .where(and(eq(recurring.id, recurringId), eq(recurring.householdId, access.household.id), visibleSeries(access)));
  return row ? { conflict: "changed", current: toView(row) } : { conflict: "gone" };
}

/**
 * Changes a series. What was posted stays; the new schedule counts from the last posted date on. Only if nobody
 * changed the series since `version` was loaded; otherwise nothing is written and the answer carries it as it is now.
 */
export async function updateRecurring({
  userId,
  householdId,
  recurringId,
  version,
  input,
}: {
  userId: string;
  householdId: string;
  recurringId: string;
  version: string | undefined;
  input: RecurringInput;
}): Promise<SeriesWrite | Conflict<SeriesView>> {
  const access = await requireWriter(userId, householdId);
  // A series deleted meanwhile is answered as "gone" below, in the form, rather than as a missing page.
  if (!isUuid(recurringId)) throw new HouseholdAccessError("notFound");
  const checked = await seriesValues(householdId, input);
  if (!checked.ok) return checked;
  const saved = await db()
    .update(recurring)
    .set({ ...checked.values, updatedAt: nextVersion(recurring.updatedAt) })
    .where(
      and(
        eq(recurring.id, recurringId),
        eq(recurring.householdId, householdId),
        atVersion(recurring.updatedAt, version),
        visibleSeries(access),
      ),
    )
    .returning({ id: recurring.id });
  if (saved.length === 0) return seriesConflict(access, recurringId);
  return { ok: true, recurringId };
}

/**
 * Ends a series. The entries it posted stay: they happened. A series somebody changed after `version` was loaded is
 * not deleted: the answer shows it as it is now, and deleting it anyway takes the new version.
 */
export async function deleteRecurring({
  userId,
  householdId,
  recurringId,
  version,
}: {
  userId: string;
  householdId: string;
  recurringId: string;
  version: string | undefined;
}): Promise<{ ok: true } | Conflict<SeriesView>> {
  const access = await requireWriter(userId, householdId);
  if (!isUuid(recurringId)) throw new HouseholdAccessError("notFound");
  const deleted = await db()
    .delete(recurring)
    .where(
      and(
        eq(recurring.id, recurringId),
        eq(recurring.householdId, householdId),
        atVersion(recurring.updatedAt, version),
        visibleSeries(access),
      ),
    )
    .returning({ id: recurring.id });
  if (deleted.length === 0) return seriesConflict(access, recurringId);
  return { ok: true };
}

interface Claim {
  recurringId: string;
  dueOn: IsoDate;
  /** Who tapped Confirm; null for the worker. */
  createdBy: string | null;
}

/** An entry a series posted. */
export interface PostedEntry {
  transactionId: string;
  householdId: string;
  kind: TransactionKind;
  categoryId: string;
  amountMinor: number;
  occurredOn: IsoDate;
  description: string;
  /** Shared as its account's default says (a joint account: shared). */
  shared: boolean;
  /** Who tapped Confirm, else whoever set the series up: the member it is paid by, and never told about it. */
  actorUserId: string | null;
}

/**
 * Posts due dates, each exactly once: the occurrences are claimed first (`on conflict do nothing` on their primary
 * key), and only the claimed ones get their entry, through the one writer of entries, in the same database
 * transaction. A second tap, a worker after a restart or two workers at once find the dates taken and post nothing.
 */
async function postClaims(claims: readonly Claim[]): Promise<PostedEntry[]> {
  const posted: PostedEntry[] = [];
  for (let index = 0; index < claims.length; index += 1000) {
    const chunk = claims.slice(index, index + 1000);
    await db().transaction(async (tx) => {
      const result = await tx.execute(sql`
        with "candidate" as (
          select * from unnest(
            ${sql.param(chunk.map((claim) => claim.recurringId))}::uuid[], ${sql.param(chunk.map((claim) => claim.dueOn))}::date[],
            ${sql.param(chunk.map((claim) => claim.createdBy))}::text[]
          ) as "c"("recurring_id", "due_on", "created_by")
        ), "claimed" as (
          insert into "recurring_occurrence" ("recurring_id", "due_on", "household_id", "status")
          select "c"."recurring_id", "c"."due_on", "r"."household_id", 'posted'
          from "candidate" "c", "recurring" "r"
          where "r"."id" = "c"."recurring_id"
          on conflict do nothing
          returning "recurring_id", "due_on"
        )
        select "claimed"."recurring_id", to_char("claimed"."due_on", 'YYYY-MM-DD') as "due_on", "r"."household_id", "r"."account_id",
               "r"."kind", "r"."amount_minor", "r"."currency", "r"."description", "r"."category_id", "r"."counterparty",
               "c"."created_by", "r"."created_by" as "series_created_by"
        from "claimed", "recurring" "r", "candidate" "c"
        where "r"."id" = "claimed"."recurring_id" and "c"."recurring_id" = "claimed"."recurring_id" and "c"."due_on" = "claimed"."due_on"`);
      const claimed = rowsOf(result).map((row) => ({
        recurringId: String(row.recurring_id),
        entry: {
          id: uuidv7(),
          householdId: String(row.household_id),
          accountId: String(row.account_id),
          kind: row.kind === "income" ? ("income" as const) : ("expense" as const),
          amountMinor: Number(row.amount_minor),
          occurredOn: String(row.due_on),
          description: String(row.description ?? ""),
          categoryId: String(row.category_id),
          counterparty: typeof row.counterparty === "string" ? row.counterparty : null,
          createdBy: typeof row.created_by === "string" ? row.created_by : null,
          // Paid by whoever tapped Confirm, else by whoever set the series up; shared as the account's default says.
          memberUserId:
            typeof row.created_by === "string"
              ? row.created_by
              : typeof row.series_created_by === "string"
                ? row.series_created_by
                : null,
        },
      }));
      if (claimed.length === 0) return;
      const entries = await insertEntries(
        tx,
        claimed.map((claim) => claim.entry),
      );
      await tx.execute(sql`
        update "recurring_occurrence" set "transaction_id" = "posted"."transaction_id"
        from unnest(${sql.param(claimed.map((claim) => claim.recurringId))}::uuid[], ${sql.param(claimed.map((claim) => claim.entry.occurredOn))}::date[],
                    ${sql.param(claimed.map((claim) => claim.entry.id))}::uuid[]) as "posted"("recurring_id", "due_on", "transaction_id")
        where "recurring_occurrence"."recurring_id" = "posted"."recurring_id" and "recurring_occurrence"."due_on" = "posted"."due_on"`);
      for (const entry of entries)
        posted.push({
          transactionId: entry.id,
          householdId: entry.householdId,
          kind: entry.kind,
          categoryId: entry.categoryId,
          amountMinor: entry.amountMinor,
          occurredOn: entry.occurredOn,
          description: entry.description,
          shared: entry.shared,
          actorUserId: entry.memberUserId,
        });
    });
  }
  return posted;
}

/** Budgets the posted expenses pushed past their limit tell their households, once per category and month. */
async function noticeBudgets(posted: readonly PostedEntry[]) {
  const monthsByHousehold = new Map<string, Set<MonthKey>>();
  for (const entry of posted) {
    if (entry.kind !== "expense") continue;
    const months = monthsByHousehold.get(entry.householdId) ?? new Set<MonthKey>();
    months.add(monthOf(entry.occurredOn));
    monthsByHousehold.set(entry.householdId, months);
  }
  for (const [householdId, months] of monthsByHousehold)
    await noticePassedBudgets({ householdId, months: [...months] });
}

/** Posted shared expenses over the household's alert amount tell the other members (money-in.md, "Two people"). */
async function noticeSharedPosted(posted: readonly PostedEntry[]) {
  for (const entry of posted) {
    if (entry.kind !== "expense" || !entry.shared) continue;
    await notifySharedExpenses({
      householdId: entry.householdId,
      actorUserId: entry.actorUserId,
      entries: [{ ...entry, id: entry.transactionId }],
    });
  }
}

/** Confirm, skip and undo act on a due date of the household's own series. */
async function requireDueDate(userId: string, householdId: string, recurringId: string, dueOn: IsoDate) {
  const access = await requireWriter(userId, householdId);
  const series = await requireSeries(access, recurringId);
  return isOccurrence(series, dueOn) ? series : null;
}

/** One tap: the due date is posted as an entry. A second tap (or the worker) finds it posted and adds nothing. */
export async function confirmOccurrence({
  userId,
  householdId,
  recurringId,
  dueOn,
}: {
  userId: string;
  householdId: string;
  recurringId: string;
  dueOn: IsoDate;
}): Promise<OccurrenceWrite> {
  if (!(await requireDueDate(userId, householdId, recurringId, dueOn)))
    return { ok: false, error: "recurring:errors.notDue" };
  const posted = await postClaims([{ recurringId, dueOn, createdBy: userId }]);
  await noticeBudgets(posted);
  await noticeSharedPosted(posted);
  return { ok: true, changed: posted.length > 0 };
}

/** Passes a due date over: nothing is entered, and the date leaves the upcoming list. */
export async function skipOccurrence({
  userId,
  householdId,
  recurringId,
  dueOn,
}: {
  userId: string;
  householdId: string;
  recurringId: string;
  dueOn: IsoDate;
}): Promise<OccurrenceWrite> {
  if (!(await requireDueDate(userId, householdId, recurringId, dueOn)))
    return { ok: false, error: "recurring:errors.notDue" };
  const skipped = await db()
    .insert(recurringOccurrence)
    .values({ recurringId, dueOn, householdId, status: "skipped" })
    .onConflictDoNothing()
    .returning({ dueOn: recurringOccurrence.dueOn });
  return { ok: true, changed: skipped.length > 0 };
}

/** Undo of a confirm or a skip: the date is open again, and the entry a confirm posted is removed with it. */
export async function reopenOccurrence({
  userId,
  householdId,
  recurringId,
  dueOn,
}: {
  userId: string;
  householdId: string;
  recurringId: string;
  dueOn: IsoDate;
}): Promise<OccurrenceWrite> {
  await requireSeries(await requireWriter(userId, householdId), recurringId);
  const changed = await db().transaction(async (tx) => {
    const [removed] = await tx
      .delete(recurringOccurrence)
      .where(
        and(
          eq(recurringOccurrence.recurringId, recurringId),
          eq(recurringOccurrence.dueOn, dueOn),
          eq(recurringOccurrence.householdId, householdId),
        ),
      )
      .returning({ transactionId: recurringOccurrence.transactionId });
    // The series' own entry goes with its date, whoever's it is: the household's process posted it (writer null).
    if (removed?.transactionId)
      await deleteEntries(tx, { writer: null, householdId, selection: { ids: [removed.transactionId] } });
    return removed !== undefined;
  });
  return { ok: true, changed };
}

/**
 * Posts every due date up to today of every automatic series, across households, each exactly once: after a
 * restart the dates missed while the server was down are posted, and a date posted before is never posted again.
 * A series is read from the day after its last posted date up to today (from its start when nothing was posted);
 * dates skipped ahead lie after that day and stay skipped, because the claim refuses them.
 */
export async function postDueOccurrences({ today }: { today: IsoDate }): Promise<PostedEntry[]> {
  const rows = await db()
    .select({
      ...seriesColumns,
      postedThrough: sql<string | null>`(select max(o."due_on")::text from "recurring_occurrence" o
        where o."recurring_id" = "recurring"."id" and o."status" = 'posted' and o."due_on" <= ${today})`,
    })
    .from(recurring)
    .where(and(eq(recurring.autoPost, true), sql`${recurring.startsOn} <= ${today}`));
  const claims: Claim[] = rows.flatMap(({ postedThrough, ...row }) =>
    occurrencesBetween(toView(row), postedThrough ? addDays(postedThrough, 1) : row.startsOn, today).map((dueOn) => ({
      recurringId: row.id,
      dueOn,
      createdBy: null,
    })),
  );
  if (claims.length === 0) return [];
  const posted = await postClaims(claims);
  await noticeBudgets(posted);
  await noticeSharedPosted(posted);
  return posted;
}

/** How far back detection reads: three yearly payments take two years and a bit. */
const detectionMonths = 25;
/**
 * At most this many of the newest entries of those months, whatever the household's size: the recurring page's work
 * is bounded (issue 45), and a household with more (over 400 a month) still has more than a year of them read.
 */
const detectionEntries = 10_000;

interface HistoryGroup {
  kind: TransactionKind;
  payeeKey: string | null;
  payeeName: string | null;
  counterparty: string | null;
  description: string;
  dates: string[];
  amounts: string[];
  categories: string[];
  accounts: string[];
}

/**
 * Series in the household's recent history that are not set up yet ("Netflix, 13,99 € monthly"). One range scan
 * of transaction_household_date_idx, grouped in the database by the name detection goes by (the entry's payee, else
 * the bank's name for the other side, else the description), so a few hundred rows of arrays travel instead of tens
 * of thousands of entries (at 100,000 entries, 25 months are about 40,000). The bank's text stays in the grouping,
 * so each branch of a payee is a group of its own here and detection joins them by the payee's key.
 * Payees (or counterparties, or hand-typed names) that already have a series are left out, and so are the personal
 * expenses of a member who shows them to this one only as category totals: a suggestion would name their payees.
 */
export async function detectRecurring({
  userId,
  householdId,
  today,
  newest = detectionEntries,
}: {
  userId: string;
  householdId: string;
  today: IsoDate;
  /** How many of the newest entries detection reads at most (tests make it small). */
  newest?: number;
}): Promise<RecurringSuggestion[]> {
  const access = await requireHouseholdAccess({ userId, householdId });
  const since = monthStart(addMonths(monthOf(today), -detectionMonths));
  const [result, series] = await Promise.all([
    // The arrays of a group list its entries in one and the same order; detection sorts them by date itself.
    // The privacy predicate names "transaction"'s columns by the table's own name, so the table keeps it unaliased.
    db().execute(sql`
      select "transaction"."kind", "payee"."key" as "payeeKey", "payee"."name" as "payeeName",
             nullif(btrim("transaction"."counterparty"), '') as "counterparty",
             case when "payee"."id" is null and nullif(btrim("transaction"."counterparty"), '') is null
                  then "transaction"."description" else '' end as "description",
             array_agg(to_char("transaction"."occurred_on", 'YYYY-MM-DD')) as "dates",
             array_agg("transaction"."amount_minor"::text) as "amounts",
             array_agg("transaction"."category_id"::text) as "categories",
             array_agg("transaction"."account_id"::text) as "accounts"
      from "transaction"
      left join "payee" on "payee"."id" = "transaction"."payee_id" and "payee"."household_id" = "transaction"."household_id"
      where "transaction"."household_id" = ${householdId} and "transaction"."occurred_on" >= ${since}
        and "transaction"."occurred_on" >= coalesce((
          select "newest"."occurred_on" from "transaction" as "newest"
          where "newest"."household_id" = ${householdId} and "newest"."occurred_on" <= ${today}
          order by "newest"."occurred_on" desc, "newest"."id" desc offset ${newest} limit 1), ${since})
        and "transaction"."occurred_on" <= ${today} and ${visibleEntriesInSql(access)}
      group by 1, 2, 3, 4, 5`),
    seriesOf(householdId),
  ]);
  // PGlite and node-postgres both answer with { rows } and parse text[] into arrays.
  const groups = rowsOf<HistoryGroup>(result);
  const history = groups.flatMap((group) => {
    const payee = group.payeeKey && group.payeeName ? { key: group.payeeKey, name: group.payeeName } : null;
    return group.dates.map((occurredOn, index) => ({
      kind: group.kind,
      amountMinor: Number(group.amounts[index]),
      occurredOn,
      counterparty: group.counterparty,
      description: group.description,
      categoryId: group.categories[index]!,
      accountId: group.accounts[index]!,
      payee,
    }));
  });
  const known = new Set(series.flatMap((item) => knownSeriesKeys(item)));
  return detectInHistory(history, { today }).filter((suggestion) => !known.has(suggestion.key));
}

/**
 * "Add all": the suggestions the member was shown (`keys`; null: every one), each set up as a series, in one insert.
 * Authorised as the single Add (`requireWriter`: a member who may write, on a plan that schedules series), and the
 * series are the server's own detection, found again now: nothing a form posts becomes an amount or a name. A
 * suggestion's category no longer usable is left out; its account, once archived, becomes the Everyday account, as
 * a series set up without one. Nothing is posted: like a single Add, the dates wait for their tap.
 */
export async function addSuggestedSeries({
  userId,
  householdId,
  today,
  keys,
}: {
  userId: string;
  householdId: string;
  today: IsoDate;
  keys: readonly string[] | null;
}): Promise<{ ok: true; recurringIds: string[] }> {
  const access = await requireWriter(userId, householdId);
  const wanted = keys ? new Set(keys) : null;
  const suggestions = (await detectRecurring({ userId, householdId, today })).filter(
    (suggestion) => !wanted || wanted.has(suggestion.key),
  );
  if (suggestions.length === 0) return { ok: true, recurringIds: [] };
  const [categories, openAccounts, everyday] = await Promise.all([
    listCategories({ householdId }),
    db()
      .select({ id: moneyAccount.id })
      .from(moneyAccount)
      .where(and(eq(moneyAccount.householdId, householdId), isNull(moneyAccount.archivedAt))),
    everydayAccountId(householdId),
  ]);
  const usable = new Set(
    categories.filter((category) => !category.archived).map((category) => `${category.kind}|${category.id}`),
  );
  const open = new Set(openAccounts.map((account) => account.id));
  const rows = suggestions
    .filter((suggestion) => usable.has(`${suggestion.kind}|${suggestion.categoryId}`))
    .map((suggestion) => ({
      householdId,
      currency: access.household.currency,
      createdBy: userId,
      kind: suggestion.kind,
      amountMinor: suggestion.amountMinor,
      // The names as a single Add fills its form: the payee's (or the bank's) name, and the bank's own text.
      description: suggestion.name.slice(0, recurringTextMaxLength),
      counterparty: suggestion.counterparty?.slice(0, recurringTextMaxLength) ?? null,
      categoryId: suggestion.categoryId,
      accountId: open.has(suggestion.accountId) ? suggestion.accountId : everyday,
      frequency: suggestion.frequency,
      interval: suggestion.interval,
      dayOfMonth: suggestion.dayOfMonth,
      lastDay: suggestion.lastDay,
      startsOn: suggestion.nextDue,
      endsOn: null,
      autoPost: false,
    }));
  if (rows.length === 0) return { ok: true, recurringIds: [] };
  const created = await db().insert(recurring).values(rows).returning({ id: recurring.id });
  return { ok: true, recurringIds: created.map((row) => row.id) };
}

/**
 * Undo of "Add all": the series it set up go again, in one delete. Only the household's own, only those the member
 * may see, and only while nothing was posted or skipped on them: a date someone tapped since is kept with its series.
 */
export async function removeAddedSeries({
  userId,
  householdId,
  recurringIds,
}: {
  userId: string;
  householdId: string;
  recurringIds: readonly string[];
}): Promise<{ ok: true; removed: number }> {
  const access = await requireWriter(userId, householdId);
  const ids = recurringIds.filter(isUuid);
  if (ids.length === 0) return { ok: true, removed: 0 };
  const removed = await db()
    .delete(recurring)
    .where(
      and(
        inArray(recurring.id, ids),
        eq(recurring.householdId, householdId),
        visibleSeries(access),
        sql`not exists (select 1 from ${recurringOccurrence} where ${recurringOccurrence.recurringId} = ${recurring.id})`,
      ),
    )
    .returning({ id: recurring.id });
  return { ok: true, removed: removed.length };
}

/** A series a seeded household (the demo) starts with: monthly, on a day, as its seeded history books it. */
interface SeededSeries {
  kind: TransactionKind;
  categoryId: string;
  description: string;
  amountMinor: number;
  dayOfMonth: number;
  startsOn: IsoDate;
}

/**
 * For a seeded household (the demo): sets up its series once (one insert, when it has none yet), then counts every
 * due date up to today that its history already holds as posted, with that entry (one insert, `on conflict do
 * nothing`, so each start adds only the dates since). Without that, the month would list rent already paid as
 * overdue and "Safe to spend" would count it twice. The series wait for their tap: were they posted automatically,
 * the seed's own entries for the same days would be doubled.
 */
export async function seedSeries({
  userId,
  householdId,
  today,
  series,
}: {
  userId: string;
  householdId: string;
  today: IsoDate;
  series: readonly SeededSeries[];
}): Promise<{ created: number; linked: number }> {
  const access = await requireWriter(userId, householdId);
  let existing = await seriesOf(householdId);
  let created = 0;
  if (existing.length === 0 && series.length > 0) {
    const accountId = await everydayAccountId(householdId);
    const rows = await db()
      .insert(recurring)
      .values(
        series.map((item) => ({
          householdId,
          currency: access.household.currency,
          createdBy: userId,
          kind: item.kind,
          amountMinor: item.amountMinor,
          description: item.description,
          counterparty: null,
          categoryId: item.categoryId,
          accountId,
          frequency: "monthly" as const,
          interval: 1,
          dayOfMonth: item.dayOfMonth,
          lastDay: false,
          startsOn: item.startsOn,
          endsOn: null,
          autoPost: false,
        })),
      )
      .returning({ id: recurring.id });
    created = rows.length;
    existing = await seriesOf(householdId);
  }
  // Only the seeded series: one someone set up by hand in the demo keeps its own dates.
  const seeded = new Set(series.map((item) => `${item.kind}|${item.description}`));
  const dates = existing
    .filter((item) => seeded.has(`${item.kind}|${item.description}`))
    .flatMap((item) => occurrencesBetween(item, item.startsOn, today).map((dueOn) => ({ id: item.id, dueOn })));
  if (dates.length === 0) return { created, linked: 0 };
  const result = await db().execute(sql`
    insert into "recurring_occurrence" ("recurring_id", "due_on", "household_id", "status", "transaction_id")
    select distinct on ("due"."recurring_id", "due"."due_on") "due"."recurring_id", "due"."due_on", "r"."household_id", 'posted', "transaction"."id"
    from unnest(${sql.param(dates.map((date) => date.id))}::uuid[], ${sql.param(dates.map((date) => date.dueOn))}::date[])
           as "due"("recurring_id", "due_on")
    join "recurring" "r" on "r"."id" = "due"."recurring_id"
    join "transaction" on "transaction"."household_id" = "r"."household_id" and "transaction"."kind" = "r"."kind"
      and "transaction"."description" = "r"."description" and "transaction"."occurred_on" = "due"."due_on"
    order by "due"."recurring_id", "due"."due_on", "transaction"."id"
    on conflict do nothing
    returning "recurring_id"`);
  return { created, linked: rowsOf(result).length };
}

/**
 * A change of the household's base currency (decision 0026): a series' amount is in its account's currency, so only
 * a series whose account changed currency with it (an account that held nothing) follows, at `factor` (new minor units
 * per old one). In the caller's transaction.
 */
export async function followAccountCurrencies(
  executor: Pick<Database, "execute">,
  householdId: string,
  factor: number,
) {
  await executor.execute(sql`
    update ${recurring} set "currency" = ${moneyAccount.currency},
                            "amount_minor" = greatest(1, round("recurring"."amount_minor"::numeric * ${String(factor)}::numeric))::bigint
    from ${moneyAccount}
    where ${recurring.householdId} = ${householdId} and ${moneyAccount.id} = ${recurring.accountId}
      and ${recurring.currency} <> ${moneyAccount.currency}`);
}
