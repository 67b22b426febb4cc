import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { entryLine, transaction } from "~/db/schema/entries";
import { household, householdMember } from "~/db/schema/household";
import { settlement } from "~/db/schema/sharing";
import {
  isShareMethod,
  settleMonth,
  type PersonalAdvance,
  type MonthSplit,
  type SettlementPayment,
  type ShareMember,
  type ShareMethod,
} from "~/domain/fair-share";
import { monthEnd, monthStart, type MonthKey } from "~/domain/periods";
import { can } from "~/domain/plans";
import { requireHouseholdAccess, type HouseholdAccess } from "~/features/household/households.server";
import { notifyOtherMembers } from "~/features/household/notifications.server";
import { entryMember, lineMember } from "~/features/household/personal-privacy.server";

/**
 * Settle up (money-in.md, "Two people"). A month is split by the share method in force when it is viewed, until it is
 * settled: "Mark as settled" stores the method (and fixed percents) it used with the settlement, and the month keeps
 * that split afterwards, so changing the method later (mid-month or after) never reopens a settled month. A change of
 * method therefore applies to the whole of every month not yet settled — there are no partial months.
 *
 * Fair share is premium (`sharing.fairShare`): on the free plan the page shows the upgrade prompt and every write here
 * is refused. The history of settlements stays readable on every plan (`listSettlements`: the data export is a right).
 */

/** What a use case answers a free household. */
const premiumRequired = "sharing:errors.premiumRequired";

function allowsFairShare(access: HouseholdAccess): boolean {
  return can(access.plan, "sharing.fairShare");
}

export interface SettleUpMember {
  userId: string;
  name: string;
  role: "owner" | "partner";
  percent: number | null;
}

export interface SettlementView {
  id: string;
  month: MonthKey;
  fromName: string;
  toName: string;
  amountMinor: number;
  createdAt: string;
  /** The last moment the viewer may undo it: set only for the member who recorded it, within `undoWindowDays`. */
  undoUntil: string | null;
}

/** A month settled before and open again: the last settlement, and how many shared entries changed after it. */
export interface ReopenedMonth {
  fromName: string;
  toName: string;
  amountMinor: number;
  settledAt: string;
  changedEntries: number;
}

/**
 * How long the member who pressed "Mark as settled" may take it back: a month, long enough to notice that the money
 * never arrived, short enough that old months stay put.
 */
export const undoWindowDays = 31;
const undoWindowMs = undoWindowDays * 24 * 60 * 60 * 1000;

function undoDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + undoWindowMs);
}

/** The connection, or the transaction "Mark as settled" runs in (with PGlite's one connection, queries outside it would wait). */
type Executor = Pick<ReturnType<typeof db>, "select">;

/** How many settlements the history shows: years of monthly settling. */
const historyLength = 36;

async function householdMembers(householdId: string, executor: Executor = db()) {
  const rows = await executor
    .select({
      userId: householdMember.userId,
      name: user.name,
      role: householdMember.role,
      percent: householdMember.sharePercent,
      shareMethod: household.shareMethod,
    })
    .from(householdMember)
    .innerJoin(user, eq(user.id, householdMember.userId))
    .innerJoin(household, eq(household.id, householdMember.householdId))
    .where(eq(householdMember.householdId, householdId))
    .orderBy(asc(householdMember.createdAt), asc(householdMember.userId));
  const shareMethod: ShareMethod = isShareMethod(rows[0]?.shareMethod) ? rows[0].shareMethod : "equal";
  const members: SettleUpMember[] = rows.map((row) => ({
    userId: row.userId,
    name: row.name,
    role: row.role === "owner" ? "owner" : "partner",
    percent: row.percent,
  }));
  return { members, shareMethod };
}

/**
 * Sums per member of one month, from the expenses' lines (decision 0018), so a split counts each line once: the shared
 * lines each payer paid, the personal lines a payer paid for another member (that member owes the payer all of it),
 * and the income each member received. An entry nobody split has one line equal to it, so it counts as it always did:
 * a shared expense as its payer's, a personal one not at all.
 */
async function monthSums(householdId: string, month: MonthKey, executor: Executor) {
  const payer = sql<string>`coalesce(${entryMember}, '')`;
  const owner = sql<string>`coalesce(${lineMember}, '')`;
  const total = sql<string>`sum(${entryLine.baseAmountMinor})`;
  const linesInMonth = and(
    eq(entryLine.householdId, householdId),
    eq(entryLine.kind, "expense"),
    gte(entryLine.occurredOn, monthStart(month)),
    lt(entryLine.occurredOn, monthEnd(month)),
  );
  const paid = await executor
    .select({ userId: payer, total })
    .from(entryLine)
    .innerJoin(transaction, eq(transaction.id, entryLine.entryId))
    .where(and(linesInMonth, eq(entryLine.shared, true)))
    .groupBy(payer);
  const advanced = await executor
    .select({ fromUserId: owner, toUserId: payer, total })
    .from(entryLine)
    .innerJoin(transaction, eq(transaction.id, entryLine.entryId))
    .where(and(linesInMonth, eq(entryLine.shared, false), sql`${owner} <> ${payer}`))
    .groupBy(owner, payer);
  // Income is never split between members: an entry's lines add up to it, so the entries' own sums stand.
  const income = await executor
    .select({ userId: payer, total: sql<string>`sum(${transaction.baseAmountMinor})` })
    .from(transaction)
    .where(
      and(
        eq(transaction.householdId, householdId),
        eq(transaction.kind, "income"),
        gte(transaction.occurredOn, monthStart(month)),
        lt(transaction.occurredOn, monthEnd(month)),
      ),
    )
    .groupBy(payer);
  return { paid, advanced, income };
}

async function monthSettlements(householdId: string, month: MonthKey, executor: Executor) {
  return executor
    .select({
      fromUserId: settlement.fromUserId,
      toUserId: settlement.toUserId,
      amountMinor: settlement.amountMinor,
      shareMethod: settlement.shareMethod,
      sharePercents: settlement.sharePercents,
    })
    .from(settlement)
    .where(and(eq(settlement.householdId, householdId), eq(settlement.month, monthStart(month))))
    .orderBy(desc(settlement.createdAt));
}

/** Money of someone no longer a member (or unknown) counts as the owner's. */
function memberOrOwner(members: ReadonlyMap<string, number>, userId: string, ownerUserId: string): string {
  return members.has(userId) ? userId : ownerUserId;
}

/** Adds sums per user into the members' totals. */
function addSums(target: Map<string, number>, rows: { userId: string; total: string }[], ownerUserId: string) {
  for (const row of rows) {
    const userId = memberOrOwner(target, row.userId, ownerUserId);
    target.set(userId, (target.get(userId) ?? 0) + Number(row.total));
  }
}

async function computeMonth(householdId: string, month: MonthKey, executor: Executor = db()) {
  const { members, shareMethod } = await householdMembers(householdId, executor);
  const { paid, advanced, income } = await monthSums(householdId, month, executor);
  const settlements = await monthSettlements(householdId, month, executor);
  const owner = members.find((member) => member.role === "owner")?.userId ?? "";
  const paidBy = new Map(members.map((member) => [member.userId, 0]));
  const incomeOf = new Map(members.map((member) => [member.userId, 0]));
  addSums(paidBy, paid, owner);
  addSums(incomeOf, income, owner);
  const advances: PersonalAdvance[] = advanced.map((row) => ({
    fromUserId: memberOrOwner(paidBy, row.fromUserId, owner),
    toUserId: memberOrOwner(paidBy, row.toUserId, owner),
    amountMinor: Number(row.total),
  }));
  // A settled month keeps the split it was settled with (see the module comment).
  const pinned = settlements[0];
  const method: ShareMethod = pinned && isShareMethod(pinned.shareMethod) ? pinned.shareMethod : shareMethod;
  const percents = pinned
    ? (pinned.sharePercents ?? {})
    : Object.fromEntries(members.map((member) => [member.userId, member.percent]));
  const shareMembers: ShareMember[] = members.map((member) => ({
    userId: member.userId,
    paidMinor: paidBy.get(member.userId) ?? 0,
    incomeMinor: incomeOf.get(member.userId) ?? 0,
    percent: percents[member.userId] ?? null,
  }));
  const payments: SettlementPayment[] = settlements.map((row) => ({
    fromUserId: row.fromUserId,
    toUserId: row.toUserId,
    amountMinor: row.amountMinor,
  }));
  return {
    members,
    chosenMethod: shareMethod,
    method,
    percents,
    split: settleMonth({ method, members: shareMembers, settlements: payments, advances }),
    settled: settlements.length > 0,
  };
}

export interface SettleUp {
  ok: true;
  members: SettleUpMember[];
  /** The household's current choice (what the picker shows). */
  chosenMethod: ShareMethod;
  /** The method this month is split by: the chosen one, or the one it was settled with. `split.method` differs when it fell back to equal. */
  monthMethod: ShareMethod;
  split: MonthSplit;
  /** The month already has a settlement, so its split is the one it was settled with. */
  settled: boolean;
  history: SettlementView[];
  canWrite: boolean;
  /** A shared expense of at least this amount tells the other members; null: off. */
  sharedAlertMinor: number | null;
  /** Who is looking: "Ask … to settle up" names the others. */
  viewerUserId: string;
  /** Set when the month was settled and later entries opened it again: what explains the new balance. */
  reopened: ReopenedMonth | null;
}

/** The settle-up page: the month's split and balances, and the household's settlements newest first. Premium. */
export async function getSettleUp({
  userId,
  householdId,
  month,
}: {
  userId: string;
  householdId: string;
  month: MonthKey;
}): Promise<SettleUp | { ok: false; error: "premiumRequired" }> {
  const access = await requireHouseholdAccess({ userId, householdId });
  if (!allowsFairShare(access)) return { ok: false, error: "premiumRequired" };
  const [computed, history, [settings]] = await Promise.all([
    computeMonth(householdId, month),
    settlementRows(householdId, { limit: historyLength }),
    db()
      .select({ sharedAlertMinor: household.sharedAlertMinor })
      .from(household)
      .where(eq(household.id, householdId))
      .limit(1),
  ]);
  const now = new Date();
  // Only a settled month that owes again needs its last settlement's names and time: what the reopened line says.
  const reopens = computed.settled && computed.split.payments.length > 0;
  const [lastOfMonth] = reopens ? await settlementRows(householdId, { from: month, to: month, limit: 1 }) : [];
  const reopened =
    lastOfMonth && computed.split.payments.length > 0
      ? {
          fromName: lastOfMonth.fromName,
          toName: lastOfMonth.toName,
          amountMinor: lastOfMonth.amountMinor,
          settledAt: lastOfMonth.createdAt,
          changedEntries: await sharedEntriesChangedSince(householdId, month, new Date(lastOfMonth.createdAt)),
        }
      : null;
  return {
    ok: true,
    members: computed.members,
    chosenMethod: computed.chosenMethod,
    monthMethod: computed.method,
    split: computed.split,
    settled: computed.settled,
    history: history.map(({ id, month: settledMonth, fromName, toName, amountMinor, createdAt, createdBy }) => {
      const deadline = undoDeadline(new Date(createdAt));
      return {
        id,
        month: settledMonth,
        fromName,
        toName,
        amountMinor,
        createdAt,
        undoUntil: access.canWrite && createdBy === userId && deadline > now ? deadline.toISOString() : null,
      };
    }),
    canWrite: access.canWrite,
    sharedAlertMinor: settings?.sharedAlertMinor ?? null,
    viewerUserId: userId,
    reopened,
  };
}

/**
 * Entries of the month with a shared line that were added or changed after `since`: what reopened a settled month.
 * Shared lines only, which every member sees, so the count says nothing about anyone's personal entries.
 */
async function sharedEntriesChangedSince(householdId: string, month: MonthKey, since: Date): Promise<number> {
  const [row] = await db()
    .select({ count: sql<string>`count(distinct ${transaction.id})` })
    .from(entryLine)
    .innerJoin(transaction, eq(transaction.id, entryLine.entryId))
    .where(
      and(
        eq(entryLine.householdId, householdId),
        eq(entryLine.kind, "expense"),
        eq(entryLine.shared, true),
        gte(entryLine.occurredOn, monthStart(month)),
        lt(entryLine.occurredOn, monthEnd(month)),
        sql`greatest(${transaction.createdAt}, ${transaction.updatedAt}) > ${since.toISOString()}`,
      ),
    );
  return Number(row?.count ?? 0);
}

/** One settlement with both members' ids and names (a former member's name too, while their account exists). */
export interface SettlementRecord {
  id: string;
  month: MonthKey;
  fromUserId: string;
  fromName: string;
  toUserId: string;
  toName: string;
  amountMinor: number;
  shareMethod: ShareMethod;
  createdBy: string;
  createdAt: string;
}

/** A household's settlements newest month first, optionally of a range of months (inclusive). */
async function settlementRows(
  householdId: string,
  { from, to, limit }: { from?: MonthKey; to?: MonthKey; limit?: number } = {},
): Promise<SettlementRecord[]> {
  const nameOf = (userId: typeof settlement.fromUserId | typeof settlement.toUserId) =>
    sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${userId})`;
  const query = db()
    .select({
      id: settlement.id,
      month: settlement.month,
      fromUserId: settlement.fromUserId,
      fromName: nameOf(settlement.fromUserId),
      toUserId: settlement.toUserId,
      toName: nameOf(settlement.toUserId),
      amountMinor: settlement.amountMinor,
      shareMethod: settlement.shareMethod,
      createdBy: settlement.createdBy,
      createdAt: settlement.createdAt,
    })
    .from(settlement)
    .where(
      and(
        eq(settlement.householdId, householdId),
        from ? gte(settlement.month, monthStart(from)) : undefined,
        to ? lt(settlement.month, monthEnd(to)) : undefined,
      ),
    )
    .orderBy(desc(settlement.month), desc(settlement.createdAt));
  const rows = await (limit ? query.limit(limit) : query);
  return rows.map((row) => ({
    ...row,
    month: row.month.slice(0, 7),
    fromName: row.fromName ?? "",
    toName: row.toName ?? "",
    shareMethod: isShareMethod(row.shareMethod) ? row.shareMethod : "equal",
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The household's settlements for exports (CSV, the JSON data export), newest month first, optionally of a range of
 * months. Any member may read them, on every plan: they are the household's data, not the fair-share feature.
 */
export async function listSettlements({
  userId,
  householdId,
  from,
  to,
}: {
  userId: string;
  householdId: string;
  from?: MonthKey;
  to?: MonthKey;
}): Promise<SettlementRecord[]> {
  await requireHouseholdAccess({ userId, householdId });
  return settlementRows(householdId, { from, to });
}

/** A month's shared costs for the monthly report: each member's part, what is still owed, and the settlements made. */
export interface MonthSharedCosts {
  totalMinor: number;
  method: ShareMethod;
  members: { userId: string; name: string; paidMinor: number; shareMinor: number; balanceMinor: number }[];
  /** What squares the month now ("Pieter owes Sanne …"); empty when settled or nothing is shared. */
  owed: { fromName: string; toName: string; amountMinor: number }[];
  settlements: { fromName: string; toName: string; amountMinor: number; createdAt: string }[];
}

/**
 * The report's "Shared costs and settlements" for a month: null for a household of one (nothing to split) and on the
 * free plan. Only totals per member: never a personal entry, so a member's privacy choice has nothing to hide here.
 */
export async function monthSharedCosts({
  userId,
  householdId,
  month,
}: {
  userId: string;
  householdId: string;
  month: MonthKey;
}): Promise<MonthSharedCosts | null> {
  const access = await requireHouseholdAccess({ userId, householdId });
  if (!allowsFairShare(access)) return null;
  const computed = await computeMonth(householdId, month);
  if (computed.members.length < 2) return null;
  const names = new Map(computed.members.map((member) => [member.userId, member.name]));
  const settlements = await settlementRows(householdId, { from: month, to: month });
  return {
    totalMinor: computed.split.totalMinor,
    method: computed.split.method,
    members: computed.split.members.map((member) => ({ ...member, name: names.get(member.userId) ?? "" })),
    owed: computed.split.payments.map((payment) => ({
      fromName: names.get(payment.fromUserId) ?? "",
      toName: names.get(payment.toUserId) ?? "",
      amountMinor: payment.amountMinor,
    })),
    settlements: settlements
      .toReversed()
      .map(({ fromName, toName, amountMinor, createdAt }) => ({ fromName, toName, amountMinor, createdAt })),
  };
}

export type SettleResult =
  { ok: true; payments: SettlementPayment[]; settlementIds: string[] } | { ok: false; fieldErrors: { form: string } };

/**
 * "Mark as settled": records the payments that bring the month's balances to zero. Done under a lock on the household
 * row, so two members pressing at once settle once (the second finds nothing left). `confirmedMinor` is the amount the
 * member confirmed: when an entry changed the balance in between, nothing is recorded and they see the new amount.
 */
export async function markMonthSettled({
  userId,
  householdId,
  month,
  confirmedMinor,
}: {
  userId: string;
  householdId: string;
  month: MonthKey;
  /** The page always sends it; a script that settles whatever is owed (tests, the demo) may leave it out. */
  confirmedMinor?: number;
}): Promise<SettleResult> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!allowsFairShare(access)) return { ok: false, fieldErrors: { form: premiumRequired } };
  return db().transaction(async (tx) => {
    await tx.select({ id: household.id }).from(household).where(eq(household.id, householdId)).for("update");
    const { split, method, percents } = await computeMonth(householdId, month, tx);
    if (split.payments.length === 0) return { ok: false, fieldErrors: { form: "sharing:errors.nothingToSettle" } };
    const owed = split.payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
    if (confirmedMinor !== undefined && owed !== confirmedMinor)
      return { ok: false, fieldErrors: { form: "sharing:errors.balanceChanged" } };
    const sharePercents =
      method === "fixed"
        ? Object.fromEntries(
            Object.entries(percents).filter((entry): entry is [string, number] => typeof entry[1] === "number"),
          )
        : null;
    const inserted = await tx
      .insert(settlement)
      .values(
        split.payments.map((payment) => ({
          householdId,
          month: monthStart(month),
          ...payment,
          shareMethod: method,
          sharePercents,
          createdBy: userId,
        })),
      )
      .returning({ id: settlement.id });
    return { ok: true, payments: split.payments, settlementIds: inserted.map((row) => row.id) };
  });
}

export type UndoSettlementResult =
  { ok: true; month: MonthKey; amountMinor: number } | { ok: false; fieldErrors: { form: string } };

/**
 * Takes back a settlement: only the member who recorded it, while they may still write, within `undoWindowDays`. The
 * month's balance is what it would be without it (its pinned split goes with it when it was the month's only one).
 */
export async function undoSettlement({
  userId,
  householdId,
  settlementId,
}: {
  userId: string;
  householdId: string;
  settlementId: string;
}): Promise<UndoSettlementResult> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!allowsFairShare(access)) return { ok: false, fieldErrors: { form: premiumRequired } };
  const earliest = new Date(Date.now() - undoWindowMs);
  const [removed] = await db()
    .delete(settlement)
    .where(
      and(
        eq(settlement.id, settlementId),
        eq(settlement.householdId, householdId),
        eq(settlement.createdBy, userId),
        gte(settlement.createdAt, earliest),
      ),
    )
    .returning({ month: settlement.month, amountMinor: settlement.amountMinor });
  if (!removed) return { ok: false, fieldErrors: { form: "sharing:errors.undoUnavailable" } };
  return { ok: true, month: removed.month.slice(0, 7), amountMinor: removed.amountMinor };
}

export type ShareMethodResult = { ok: true } | { ok: false; fieldErrors: Record<string, string> };

/**
 * Changes how shared expenses are split (owner or an editing partner). Fixed percents are whole numbers, one per member,
 * adding up to 100.
 */
export async function setShareMethod({
  userId,
  householdId,
  method,
  percents,
}: {
  userId: string;
  householdId: string;
  method: ShareMethod;
  percents: Record<string, number>;
}): Promise<ShareMethodResult> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!allowsFairShare(access)) return { ok: false, fieldErrors: { form: premiumRequired } };
  const { members } = await householdMembers(householdId);
  if (method === "fixed") {
    const given = members.map((member) => percents[member.userId]);
    if (given.some((percent) => percent === undefined || !Number.isInteger(percent) || percent < 0 || percent > 100))
      return { ok: false, fieldErrors: { percent: "sharing:errors.percentInvalid" } };
    if (given.reduce<number>((sum, percent) => sum + (percent ?? 0), 0) !== 100)
      return { ok: false, fieldErrors: { percent: "sharing:errors.percentSum" } };
  }
  await db().transaction(async (tx) => {
    await tx.update(household).set({ shareMethod: method, updatedAt: new Date() }).where(eq(household.id, householdId));
    if (method === "fixed") {
      for (const member of members) {
        await tx
          .update(householdMember)
          .set({ sharePercent: percents[member.userId] ?? null, updatedAt: new Date() })
          .where(and(eq(householdMember.householdId, householdId), eq(householdMember.userId, member.userId)));
      }
    }
  });
  return { ok: true };
}

export type SettleUpRequestResult = { ok: true; asked: boolean } | { ok: false; fieldErrors: { form: string } };

/**
 * "Ask Pieter to settle up": tells the other members the month and the sentence ("Pieter owes Sanne 123,45 €").
 * Any member may ask, a partner who only looks too: asking changes no money. Once per month and asker (the
 * notification's dedupe key); asking again answers `asked: false` and tells nobody twice.
 */
export async function requestSettleUp({
  userId,
  householdId,
  month,
}: {
  userId: string;
  householdId: string;
  month: MonthKey;
}): Promise<SettleUpRequestResult> {
  const access = await requireHouseholdAccess({ userId, householdId });
  if (!allowsFairShare(access)) return { ok: false, fieldErrors: { form: premiumRequired } };
  const { members, split } = await computeMonth(householdId, month);
  const payment = split.payments[0];
  if (!payment) return { ok: false, fieldErrors: { form: "sharing:errors.nothingToSettle" } };
  const names = new Map(members.map((member) => [member.userId, member.name]));
  const told = await notifyOtherMembers({
    householdId,
    actorUserId: userId,
    kind: "settleUpRequested",
    payload: {
      name: names.get(userId) ?? "",
      month,
      fromName: names.get(payment.fromUserId) ?? "",
      toName: names.get(payment.toUserId) ?? "",
      amountMinor: payment.amountMinor,
    },
    dedupeKey: `settle-up-request:${householdId}:${month}:${userId}`,
  });
  return { ok: true, asked: told > 0 };
}

export type SharedAlertResult = { ok: true } | { ok: false; fieldErrors: Record<string, string> };

/**
 * The amount from which a shared expense tells the other members (null: never). The owner or a partner who edits;
 * premium, like the rest of fair share.
 */
export async function setSharedAlert({
  userId,
  householdId,
  amountMinor,
}: {
  userId: string;
  householdId: string;
  amountMinor: number | null;
}): Promise<SharedAlertResult> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!allowsFairShare(access)) return { ok: false, fieldErrors: { form: premiumRequired } };
  if (amountMinor !== null && (!Number.isSafeInteger(amountMinor) || amountMinor <= 0))
    return { ok: false, fieldErrors: { sharedAlert: "errors.amount.invalid" } };
  // Saving the amount it already has writes nothing.
  await db()
    .update(household)
    .set({ sharedAlertMinor: amountMinor, updatedAt: new Date() })
    .where(and(eq(household.id, householdId), sql`${household.sharedAlertMinor} is distinct from ${amountMinor}`));
  return { ok: true };
}

/** The months of a household's settlements whose balance is zero: what a change of base currency keeps settled. */
export async function balancedSettledMonths(
  executor: Pick<ReturnType<typeof db>, "select">,
  householdId: string,
): Promise<MonthKey[]> {
  const rows = await executor
    .select({ month: settlement.month })
    .from(settlement)
    .where(eq(settlement.householdId, householdId))
    .groupBy(settlement.month);
  const balanced: MonthKey[] = [];
  for (const { month } of rows) {
    const key = month.slice(0, 7);
    if ((await computeMonth(householdId, key, executor)).split.payments.length === 0) balanced.push(key);
  }
  return balanced;
}

/**
 * A change of the household's base currency (decision 0026): settlements in the new currency at `factor` (new minor
 * units per old one). The entries were converted at their own days' rates, the settlements at the day's: in a month
 * that was settled, the last settlement then takes up the difference, so a settled month stays settled. In the
 * caller's transaction.
 */
export async function convertSettlements(
  executor: Pick<ReturnType<typeof db>, "select" | "execute">,
  { householdId, factor, balanced }: { householdId: string; factor: number; balanced: readonly MonthKey[] },
) {
  await executor.execute(sql`
    update ${settlement} set "amount_minor" = greatest(1, round("amount_minor"::numeric * ${String(factor)}::numeric))::bigint
    where ${settlement.householdId} = ${householdId}`);
  for (const month of balanced) {
    const { split } = await computeMonth(householdId, month, executor);
    const [last] = await executor
      .select({ id: settlement.id, fromUserId: settlement.fromUserId, toUserId: settlement.toUserId })
      .from(settlement)
      .where(and(eq(settlement.householdId, householdId), eq(settlement.month, monthStart(month))))
      .orderBy(desc(settlement.createdAt))
      .limit(1);
    if (!last) continue;
    // What is still owed after the conversion: more of the same payment, or some of it back.
    const change = split.payments.reduce(
      (sum, payment) =>
        payment.fromUserId === last.fromUserId && payment.toUserId === last.toUserId
          ? sum + payment.amountMinor
          : payment.fromUserId === last.toUserId && payment.toUserId === last.fromUserId
            ? sum - payment.amountMinor
            : sum,
      0,
    );
    if (change !== 0)
      await executor.execute(sql`
        update ${settlement} set "amount_minor" = greatest(1, "amount_minor" + ${change})
        where ${settlement.id} = ${last.id}`);
  }
}
