import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { entryLine, entrySearchText, entryTitle, monthTotal, payee, transaction } from "~/db/schema/entries";
import type { EntrySearch } from "~/domain/entry-search";
import { householdMember } from "~/db/schema/household";
import type { TransactionKind } from "~/domain/categories";
import { can } from "~/domain/plans";
import { addMonths, isIsoDate, monthEnd, monthOf, monthStart, type IsoDate, type MonthKey } from "~/domain/periods";
import { isUuid } from "~/lib/uuid";
import { isUsableCategory } from "./categories.server";
import {
  changeEntry,
  setEntryRate,
  deleteEntries,
  insertEntries,
  LinesDoNotAddUpError,
  restoreEntry,
  type WrittenEntry,
} from "./entry-writer.server";
import type { LineInput } from "./transaction.schema";
import { HouseholdAccessError } from "~/features/household/errors";
import { requireHouseholdAccess, type HouseholdAccess } from "~/features/household/households.server";
import { notifyHouseholdMembers, notifySharedExpenses } from "~/features/household/notifications.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { noticePassedBudgets } from "~/features/budgets/budgets.server";
import {
  entriesSeenBy,
  entryMember,
  isEntryVisible,
  lineMember,
  payeesSeenBy,
  visibleLines,
} from "~/features/household/personal-privacy.server";
import { versionOf } from "~/features/platform/row-version.server";
import type { FieldErrors } from "~/lib/forms";
import type { Conflict } from "~/lib/row-version";

export interface TransactionFields {
  kind: TransactionKind;
  amountMinor: number;
  occurredOn: IsoDate;
  description: string;
  categoryId: string;
  /** Shared between the members or personal; absent: the account's default on add, unchanged on update. */
  shared?: boolean;
  /** Who paid or received it (null: whoever entered it); absent: the entering member on add, unchanged on update. */
  memberUserId?: string | null;
  /**
   * The entry's lines (decision 0018): two or more split it, none makes it one line again; absent: unchanged. A split
   * entry's own category is its first line's.
   */
  lines?: LineInput[];
  /** On add: the id the device made (decision 0028); sent again, the entry is added once and updated to these values. */
  clientId?: string;
}

/** An entry; lists that do not read the sharing columns leave `shared` and `memberUserId` out (the edit form then does not ask). */
export interface TransactionView extends TransactionFields {
  id: string;
  /** The account's currency, which `amountMinor` is in. */
  currency: string;
  /** In the household's base currency; null while no rate is known (decision 0026). */
  baseAmountMinor: number | null;
  /** The row version the edit forms save with (features/platform/row-version.server.ts). */
  version: string;
}

/** An entry as a list shows it: a list that does not read the version leaves it out, and its rows open the entry's own page to edit. */
export type ListedTransaction = Omit<TransactionView, "version" | "baseAmountMinor"> & {
  version?: string;
  /** Absent where the list does not show it: an account's own page is all in the account's currency. */
  baseAmountMinor?: number | null;
  /** Split into lines (decision 0018): the row says so, and opens the entry's page, where its lines are. */
  split?: boolean;
};

type WriteResult = { ok: true; transaction: TransactionView } | { ok: false; fieldErrors: FieldErrors };

const columns = {
  id: transaction.id,
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

function fromWritten({ householdId: _householdId, ...entry }: WrittenEntry): TransactionView {
  return entry;
}

function toView(row: {
  id: string;
  kind: string;
  amountMinor: number;
  currency: string;
  baseAmountMinor: number | null;
  occurredOn: string;
  description: string;
  categoryId: string;
  shared: boolean;
  memberUserId: string | null;
  version: string;
}): TransactionView {
  return { ...row, kind: row.kind as TransactionKind };
}

async function checkCategory(householdId: string, fields: TransactionFields): Promise<FieldErrors | null> {
  const usable = await isUsableCategory({ householdId, categoryId: fields.categoryId, kind: fields.kind });
  if (!usable) return { categoryId: "errors.category.invalid" };
  return checkMember(householdId, fields.memberUserId);
}

/** Every line of a split files under a category of the entry's kind the household may use. */
async function checkLineCategories(householdId: string, fields: TransactionFields): Promise<FieldErrors | null> {
  for (const categoryId of new Set((fields.lines ?? []).map((line) => line.categoryId))) {
    if (!(await isUsableCategory({ householdId, categoryId, kind: fields.kind })))
      return { lines: "errors.category.invalid" };
  }
  return null;
}

/** Who paid or received an entry must be a member of its household (one primary-key lookup, only when given). */
async function checkMember(householdId: string, memberUserId: string | null | undefined): Promise<FieldErrors | null> {
  if (!memberUserId) return null;
  const [member] = await db()
    .select({ userId: householdMember.userId })
    .from(householdMember)
    .where(and(eq(householdMember.householdId, householdId), eq(householdMember.userId, memberUserId)))
    .limit(1);
  return member ? null : { form: "errors.form.invalid" };
}

/** A line of an entry, as its page shows it and as an edit keeps it. */
interface EntryLineView {
  categoryId: string;
  amountMinor: number;
  /** In the household's base currency; null while the entry has no rate. */
  baseAmountMinor?: number | null;
  shared: boolean;
  /** Whose it is: its own member, else the entry's. */
  memberUserId: string | null;
  note: string;
}

/**
 * An entry's lines split by what this member may see (decision 0018, `visibleLines`): another member's hidden personal
 * line inside an entry the member may see is never shown to them, not its category, amount or note. One query on the
 * lines' (entry, position) index; nothing when nobody hides anything.
 */
async function linesAsSeen(
  access: Pick<HouseholdAccess, "hiddenPersonalOf">,
  entryId: string,
): Promise<{ shown: EntryLineView[]; kept: EntryLineView[] }> {
  const condition = visibleLines(access);
  const rows = await db()
    .select({
      categoryId: entryLine.categoryId,
      amountMinor: entryLine.amountMinor,
      baseAmountMinor: entryLine.baseAmountMinor,
      shared: entryLine.shared,
      memberUserId: lineMember,
      note: entryLine.note,
      visible: condition ? sql<boolean>`${condition}` : sql<boolean>`true`,
    })
    .from(entryLine)
    .innerJoin(transaction, eq(transaction.id, entryLine.entryId))
    .where(eq(entryLine.entryId, entryId))
    .orderBy(asc(entryLine.position));
  const shown: EntryLineView[] = [];
  const kept: EntryLineView[] = [];
  for (const { visible, baseAmountMinor, ...line } of rows)
    (visible ? shown : kept).push({
      ...line,
      baseAmountMinor: baseAmountMinor === null ? null : Number(baseAmountMinor),
    });
  return { shown, kept };
}

/**
 * An entry as a member sees it: when lines of it are hidden from them, what the others add up to (their sum and base
 * amounts' sum, the first one's category and sharing), so the hidden amount is not the difference either; undefined
 * when none is left. The same rule as `entriesSeenBy`, for rows already read. Account balances still read the whole
 * entry: the money left the account.
 */
function entryAsSeen(
  entry: TransactionView,
  lines: { shown: EntryLineView[]; kept: EntryLineView[] },
): TransactionView | undefined {
  if (lines.kept.length === 0) return entry;
  const [first] = lines.shown;
  if (!first) return undefined;
  return {
    ...entry,
    amountMinor: lines.shown.reduce((sum, line) => sum + line.amountMinor, 0),
    baseAmountMinor:
      entry.baseAmountMinor === null ? null : lines.shown.reduce((sum, line) => sum + (line.baseAmountMinor ?? 0), 0),
    categoryId: first.categoryId,
    shared: first.shared,
  };
}

/** `entryAsSeen` for an entry just written or put back, read again when somebody hides something from this member. */
async function writtenAsSeen(access: HouseholdAccess, entry: TransactionView): Promise<TransactionView> {
  if (access.hiddenPersonalOf.length === 0) return entry;
  return entryAsSeen(entry, await linesAsSeen(access, entry.id)) ?? entry;
}

/**
 * The lines of an entry that are hidden from this member, with the entry's kind; undefined when none are (or nobody
 * hides anything, without a query). A missing or hidden entry is undefined too: the write then finds nothing.
 */
async function hiddenPart(access: HouseholdAccess, householdId: string, entryId: string) {
  if (access.hiddenPersonalOf.length === 0) return undefined;
  const [entry] = await db()
    .select({ kind: transaction.kind })
    .from(transaction)
    .where(and(eq(transaction.id, entryId), eq(transaction.householdId, householdId)))
    .limit(1);
  if (!entry) return undefined;
  const lines = await linesAsSeen(access, entryId);
  return lines.kept.length ? { kind: entry.kind, ...lines } : undefined;
}

/** Adds an income or expense entry (owner only). */
export async function addTransaction({
  userId,
  householdId,
  fields,
}: {
  userId: string;
  householdId: string;
  fields: TransactionFields;
}): Promise<WriteResult> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!can(access.plan, "transactions.track")) throw new HouseholdAccessError("readOnly");
  const problem = (await checkCategory(householdId, fields)) ?? (await checkLineCategories(householdId, fields));
  if (problem) return { ok: false, fieldErrors: problem };
  const [row] = await insertEntries(db(), [
    {
      householdId,
      accountId: await everydayAccountId(householdId),
      createdBy: userId,
      ...fields,
      categoryId: fields.lines?.[0]?.categoryId ?? fields.categoryId,
      lines: fields.lines?.length ? fields.lines : undefined,
    },
  ]);
  if (!row) {
    if (fields.clientId) return addedBefore({ access, userId, householdId, clientId: fields.clientId, fields });
    throw new Error("entry insert returned nothing");
  }
  await notifySharedExpenses({ householdId, actorUserId: userId, entries: [row] });
  if (fields.kind === "expense") {
    await noticeUnusualSpending({ householdId, categoryId: fields.categoryId, month: monthOf(fields.occurredOn) });
    await noticePassedBudgets({ householdId, months: [monthOf(fields.occurredOn)] });
  }
  return { ok: true, transaction: fromWritten(row) };
}

/**
 * An entry sent again under a client id the household already has (a retry after a lost answer, an outbox sent from
 * two tabs, a double-clicked form): nothing is added. The same values answer with the entry as it is; changed ones
 * update it, as its edit form would. An id another member's
 * entry has is refused: nobody changes someone else's entry by guessing its client id.
 */
async function addedBefore({
  access,
  userId,
  householdId,
  clientId,
  fields,
}: {
  access: HouseholdAccess;
  userId: string;
  householdId: string;
  clientId: string;
  fields: TransactionFields;
}): Promise<WriteResult> {
  const [existing] = await db()
    .select({ id: transaction.id, createdBy: transaction.createdBy })
    .from(transaction)
    .where(and(eq(transaction.householdId, householdId), eq(transaction.clientId, clientId)))
    .limit(1);
  if (!existing || existing.createdBy !== userId) return { ok: false, fieldErrors: { form: "errors.form.invalid" } };
  const current = (await findEntry(access, householdId, existing.id)).view;
  const unchanged =
    current.kind === fields.kind &&
    current.amountMinor === fields.amountMinor &&
    current.occurredOn === fields.occurredOn &&
    current.description === fields.description &&
    current.categoryId === fields.categoryId &&
    !fields.lines?.length;
  if (unchanged) return { ok: true, transaction: current };
  // The entry as it was just read: the device's copy is the newer one, so it is saved over that version.
  const result = await updateTransaction({
    userId,
    householdId,
    transactionId: existing.id,
    version: current.version,
    fields,
  });
  return "conflict" in result ? { ok: false, fieldErrors: { form: "errors.form.invalid" } } : result;
}

/** One entry of one household, and the values to write into it. */
interface EntryWrite {
  userId: string;
  householdId: string;
  transactionId: string;
  fields: TransactionFields;
}

/**
 * Why a write of one entry matched no row: somebody changed it since `version` was loaded (the answer carries the
 * entry as it is now), or it is gone. An entry that meanwhile became somebody's hidden personal expense is "gone" to
 * this member: its details must not reach them through the conflict either.
 */
async function entryConflict(
  access: HouseholdAccess,
  householdId: string,
  transactionId: string,
): Promise<Conflict<TransactionView>> {
  const [current] = await db()
    .select({ ...columns, createdBy: transaction.createdBy })
    .from(transaction)
    .where(and(eq(transaction.id, transactionId), eq(transaction.householdId, householdId)))
    .limit(1);
  if (!current || !isEntryVisible(access, current)) return { conflict: "gone" };
  const { createdBy: _createdBy, ...row } = current;
  const seen =
    access.hiddenPersonalOf.length === 0 ? toView(row) : entryAsSeen(toView(row), await linesAsSeen(access, row.id));
  return seen ? { conflict: "changed", current: seen } : { conflict: "gone" };
}

/**
 * Changes an entry (owner only), but only if nobody changed it since `version` was loaded; otherwise nothing is
 * written and the answer carries the entry as it is now (or "gone": deleted, or an id from another household).
 */
export async function updateTransaction({
  userId,
  householdId,
  transactionId,
  version,
  fields,
}: EntryWrite & { version: string | undefined }): Promise<WriteResult | Conflict<TransactionView>> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(transactionId)) throw new HouseholdAccessError("notFound");
  const problem = (await checkCategory(householdId, fields)) ?? (await checkLineCategories(householdId, fields));
  if (problem) return { ok: false, fieldErrors: problem };
  let lines: LineInput[] | EntryLineView[] | undefined = fields.lines?.length
    ? fields.lines
    : fields.lines && [
        { categoryId: fields.categoryId, amountMinor: fields.amountMinor, shared: fields.shared, note: "" },
      ];
  let amountMinor = fields.amountMinor;
  // Another member's hidden lines in it (decision 0018): this member changes the part they see, the amount included,
  // and those lines stay as they were, after it and still theirs.
  const part = await hiddenPart(access, householdId, transactionId);
  if (part) {
    if (fields.kind !== part.kind) return { ok: false, fieldErrors: { form: "errors.lines.othersPart" } };
    const [only, more] = part.shown;
    // Without a split part (the quick edit sheet) one visible line is the part; several keep theirs.
    const mine =
      lines ??
      (only && !more
        ? [{ categoryId: fields.categoryId, amountMinor: fields.amountMinor, shared: fields.shared, note: only.note }]
        : undefined);
    lines = mine && [...mine, ...part.kept.map(({ baseAmountMinor: _base, ...line }) => line)];
    amountMinor = (lines ?? part.kept).reduce((sum, line) => sum + line.amountMinor, lines ? 0 : fields.amountMinor);
  }
  let row: WrittenEntry | undefined;
  try {
    // An entry's client id is set once, when it is added.
    const { clientId: _clientId, ...change } = fields;
    row = await changeEntry(db(), {
      writer: access,
      householdId,
      entryId: transactionId,
      version,
      change: { ...change, amountMinor, categoryId: lines?.[0]?.categoryId ?? fields.categoryId, lines },
    });
  } catch (error) {
    // A split's amount changed without new lines (the quick edit sheet does not show them): its page splits it again.
    if (error instanceof LinesDoNotAddUpError)
      return { ok: false, fieldErrors: { amount: "errors.lines.splitAmount" } };
    throw error;
  }
  if (!row) return entryConflict(access, householdId, transactionId);
  await notifySharedExpenses({ householdId, actorUserId: userId, entries: [row] });
  if (fields.kind === "expense") await noticePassedBudgets({ householdId, months: [monthOf(fields.occurredOn)] });
  return { ok: true, transaction: await writtenAsSeen(access, fromWritten(row)) };
}

/**
 * Sets an entry's exchange rate by hand (base units per unit of its currency), or with null gives it back to the
 * published rate of its day. Only at `version`; another member's hidden entry is not found.
 */
export async function setTransactionRate({
  userId,
  householdId,
  transactionId,
  version,
  rate,
}: {
  userId: string;
  householdId: string;
  transactionId: string;
  version: string | undefined;
  rate: number | null;
}): Promise<WriteResult | Conflict<TransactionView>> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!can(access.plan, "transactions.track")) throw new HouseholdAccessError("readOnly");
  if (!isUuid(transactionId)) throw new HouseholdAccessError("notFound");
  const row = await setEntryRate(db(), { writer: access, householdId, entryId: transactionId, version, rate });
  if (!row) return entryConflict(access, householdId, transactionId);
  return { ok: true, transaction: await writtenAsSeen(access, fromWritten(row)) };
}

/**
 * Deletes an entry (owner only) and hands it back, so the page can offer to undo. Not one somebody changed after
 * `version` was loaded: that answers with the entry as it is now, so the person deleting sees what they would throw
 * away and confirms with the new version.
 */
export async function deleteTransaction({
  userId,
  householdId,
  transactionId,
  version,
}: {
  userId: string;
  householdId: string;
  transactionId: string;
  version: string | undefined;
}): Promise<{ ok: true; transaction: TransactionView } | Conflict<TransactionView>> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(transactionId)) throw new HouseholdAccessError("notFound");
  // What the answer may tell this member of it, read while its lines are still there.
  const part = await hiddenPart(access, householdId, transactionId);
  // The copy undo puts back, whole: account, counterparty, import identity and all.
  const [row] = await deleteEntries(db(), {
    writer: access,
    householdId,
    selection: { ids: [transactionId], version },
    undoBy: userId,
  });
  if (!row) return entryConflict(access, householdId, transactionId);
  const deleted = fromWritten(row);
  return { ok: true, transaction: (part && entryAsSeen(deleted, part)) ?? deleted };
}

/**
 * Undo of a delete: puts the entry back from the copy the delete kept on the server, exactly as it was (its account,
 * counterparty, import identity, member and version), never from what the browser posts. Only the member who deleted
 * it, within a day; a second undo changes nothing and answers the entry as it is. An id another household uses, a copy
 * somebody else made, and a partner's entry that is now hidden from this member are not found.
 */
export async function restoreTransaction({
  userId,
  householdId,
  transactionId,
}: {
  userId: string;
  householdId: string;
  transactionId: string;
}): Promise<{ ok: true; transaction: TransactionView }> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(transactionId)) throw new HouseholdAccessError("notFound");
  const back = await restoreEntry(db(), { writer: access, householdId, entryId: transactionId, deletedBy: userId });
  if (!back) throw new HouseholdAccessError("notFound");
  return { ok: true, transaction: await writtenAsSeen(access, fromWritten(back)) };
}

/** The currency of an entry of this household (what its amount is typed in); undefined for any other id. */
export async function entryCurrencyOf(householdId: string, transactionId: string): Promise<string | undefined> {
  if (!isUuid(transactionId)) return undefined;
  const [row] = await db()
    .select({ currency: transaction.currency })
    .from(transaction)
    .where(and(eq(transaction.id, transactionId), eq(transaction.householdId, householdId)))
    .limit(1);
  return row?.currency;
}

/** One entry, for its page and edit form. A personal expense its member shows this reader only as category totals is not found, exactly like a stranger's id. */
export async function getTransaction({
  userId,
  householdId,
  transactionId,
}: {
  userId: string;
  householdId: string;
  transactionId: string;
}) {
  const access = await requireHouseholdAccess({ userId, householdId });
  return (await findEntry(access, householdId, transactionId)).view;
}

/**
 * One entry with its lines, for its own page, where it can be split: found exactly as `getTransaction` finds it, with
 * the lines this member may see (`visibleLines`): another member's hidden personal line is not there, and the entry's
 * amount is what the shown lines add up to. Saving the page changes those; the hidden ones stay (`updateTransaction`).
 */
export async function getEntryWithLines({
  userId,
  householdId,
  transactionId,
}: {
  userId: string;
  householdId: string;
  transactionId: string;
}) {
  const access = await requireHouseholdAccess({ userId, householdId });
  const { view, lines } = await findEntry(access, householdId, transactionId);
  const [{ shown }, [bank]] = await Promise.all([
    lines ?? linesAsSeen(access, view.id),
    // What the bank wrote, shown on the entry's page under its title (decision 0020).
    // …and the rate its base amount took, when it is in another currency than the household's.
    db()
      .select({
        details: transaction.details,
        rate: transaction.rate,
        rateOn: transaction.rateOn,
        rateSource: transaction.rateSource,
        rateProvisional: transaction.rateProvisional,
        originalAmountMinor: transaction.originalAmountMinor,
        originalCurrency: transaction.originalCurrency,
      })
      .from(transaction)
      .where(eq(transaction.id, view.id))
      .limit(1),
  ]);
  return {
    ...view,
    details: bank?.details ?? "",
    // A card payment abroad: what the shop charged, in its currency, as the statement gave it.
    original:
      bank?.originalCurrency && bank.originalAmountMinor !== null
        ? { amountMinor: Number(bank.originalAmountMinor), currency: bank.originalCurrency }
        : null,
    conversion: bank?.rateSource
      ? {
          rate: bank.rate,
          rateOn: bank.rateOn,
          source: bank.rateSource,
          provisional: bank.rateProvisional,
        }
      : null,
    lines: shown.map(({ categoryId, amountMinor, shared, note }) => ({ categoryId, amountMinor, shared, note })),
  };
}

/** An entry as this member sees it, with its lines split by what they may see when somebody hides anything. */
async function findEntry(access: HouseholdAccess, householdId: string, transactionId: string) {
  if (!isUuid(transactionId)) throw new HouseholdAccessError("notFound");
  const [row] = await db()
    .select({ ...columns, createdBy: transaction.createdBy })
    .from(transaction)
    .where(and(eq(transaction.id, transactionId), eq(transaction.householdId, householdId)))
    .limit(1);
  if (!row || !isEntryVisible(access, row)) throw new HouseholdAccessError("notFound");
  const { createdBy: _createdBy, ...entry } = row;
  if (access.hiddenPersonalOf.length === 0) return { view: toView(entry), lines: undefined };
  // Another member's hidden lines in it: the entry as the other lines add up (none left: not found).
  const lines = await linesAsSeen(access, entry.id);
  const view = entryAsSeen(toView(entry), lines);
  if (!view) throw new HouseholdAccessError("notFound");
  return { view, lines };
}

/**
 * What a member may see of the household's entries (decisions 0018, 0037): the visibility layer's
 * `entriesSeenBy` — the conditions that leave out hidden entries, and a row's amount, base amount, category and sharing
 * as its shown lines make them.
 */
const shownTo = entriesSeenBy;

/** The most results a search across all months lists; a narrower search finds the rest. */
export const searchResultLimit = 200;

export interface SearchMonth {
  month: MonthKey;
  entries: ListedTransaction[];
  incomeMinor: number;
  expenseMinor: number;
}

/**
 * Search across all months (issue 22): the words in an entry's title (its own, or its payee's name), the bank's text
 * and the counterparty; an amount, exact or a range. Newest first, grouped by month with each month's sums of what
 * was found. Another member's hidden personal entries are neither found nor summed.
 */
export async function searchEntries({
  userId,
  householdId,
  search,
}: {
  userId: string;
  householdId: string;
  search: EntrySearch;
}): Promise<{ months: SearchMonth[]; more: boolean }> {
  const access = await requireHouseholdAccess({ userId, householdId });
  const conditions = searchConditions(access, search);
  if (!conditions) return { months: [], more: false };
  const { visibility, seen } = shownTo(access);
  const rows = await db()
    .select({ ...columns, ...seen })
    .from(transaction)
    .where(and(...conditions, ...visibility))
    .orderBy(...newestFirst)
    .limit(searchResultLimit + 1);
  const months = new Map<MonthKey, SearchMonth>();
  for (const row of rows.slice(0, searchResultLimit)) {
    const entry = toView(row);
    const month = monthOf(entry.occurredOn);
    const group = months.get(month) ?? { month, entries: [], incomeMinor: 0, expenseMinor: 0 };
    group.entries.push(entry);
    if (entry.kind === "income") group.incomeMinor += entry.amountMinor;
    else group.expenseMinor += entry.amountMinor;
    months.set(month, group);
  }
  return { months: [...months.values()], more: rows.length > searchResultLimit };
}

/**
 * Newest first, in the order of transaction_household_date_idx (desc nulls last): a plain "desc" puts nulls first, so
 * the index could not give the order and every search sorted all its matches to return the newest page.
 */
const newestFirst = [sql`${transaction.occurredOn} desc nulls last`, sql`${transaction.id} desc nulls last`];

/**
 * A search across all months as conditions beside the household's; undefined when it asks for nothing. An amount, exact
 * or a range, is compared with what the member sees of an entry (`entriesSeenBy`): a split with another member's hidden
 * line in it is found by the other lines' sum, never by the whole amount. (A payee's name may match any payee: only
 * entries the member sees are found, and a payee on one of them is a payee they see.)
 */
function searchConditions(access: HouseholdAccess, search: EntrySearch): SQL[] | undefined {
  const householdId = access.household.id;
  const conditions: SQL[] = [eq(transaction.householdId, householdId)];
  const { amountMinor } = entriesSeenBy(access);
  if (search.text) {
    const pattern = likePattern(search.text);
    const payees = db()
      .select({ id: payee.id })
      .from(payee)
      .where(and(eq(payee.householdId, householdId), ilike(payee.name, pattern)));
    // "= any(array(…))", not "in (…)": the payees are read first, so the planner can OR the trigram index with the
    // payee index; an IN subquery made it read every entry of the household and test each one.
    conditions.push(or(ilike(entrySearchText, pattern), sql`${transaction.payeeId} = any(array(${payees}))`)!);
  }
  if (search.minMinor !== null) conditions.push(gte(amountMinor, search.minMinor));
  if (search.maxMinor !== null) conditions.push(lte(amountMinor, search.maxMinor));
  return conditions.length === 1 ? undefined : conditions;
}

/**
 * The entries a bulk edit acts on, as this member may see them in search (`shownTo`): the ids posted, each checked to
 * be the household's and shown to the member, or every entry a search finds (re-run here, never taken from the
 * browser). At most `limit` ids, newest first; the caller asks one more than its cap to tell when there are more.
 */
export async function entriesForBulkEdit(
  access: HouseholdAccess,
  selection: { ids: readonly string[] } | { search: EntrySearch },
  limit: number,
): Promise<string[]> {
  const householdId = access.household.id;
  const conditions =
    "search" in selection
      ? searchConditions(access, selection.search)
      : [eq(transaction.householdId, householdId), inArray(transaction.id, [...selection.ids].filter(isUuid))];
  if (!conditions || ("ids" in selection && selection.ids.length === 0)) return [];
  const rows = await db()
    .select({ id: transaction.id })
    .from(transaction)
    .where(and(...conditions, ...shownTo(access).visibility))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Keyset position: the last row's date and id ("2025-03-14.0193…"). */
export function encodeCursor(row: Pick<TransactionView, "occurredOn" | "id">): string {
  return `${row.occurredOn}.${row.id}`;
}

export function decodeCursor(cursor: string | null | undefined): { occurredOn: IsoDate; id: string } | null {
  if (!cursor) return null;
  const [occurredOn, id] = cursor.split(".");
  return isIsoDate(occurredOn) && isUuid(id) ? { occurredOn, id } : null;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export const pageSize = 50;

/**
 * One month of income or expenses, newest first, filtered by search and category, a page at a time.
 * The page is one range scan on (household, kind, date desc, id desc); totals come from month_total
 * (or, when searching or in a member view, from the month's matching rows). Cost follows the month, not the history.
 * Rows never include a personal expense its member shows this reader only as category totals (`visibleEntries`);
 * amounts stay whole, except a search's, which sums only the rows it may show; the number of entries counts the shown
 * entries, a split once.
 * Entries have lines (decision 0018): a category filter lists an entry when one of its lines it may show is in that
 * category, and totals summed here add the lines that match, so a split counts each line once, in its own category.
 * A row with another member's hidden personal line in it (`visibleLines`) shows the other lines' sum, the first shown
 * one's category and sharing, and "Split"; an entry with no line left to show is not listed.
 */
export async function listTransactions({
  userId,
  householdId,
  kind,
  month,
  search,
  categoryId,
  cursor,
  limit = pageSize,
  memberUserId = null,
}: {
  userId: string;
  householdId: string;
  kind: TransactionKind;
  month: MonthKey;
  search?: string;
  categoryId?: string;
  cursor?: string | null;
  limit?: number;
  /** A member view ("Mine", "<Partner>'s"): only the entries this member paid or received; null: everyone's. */
  memberUserId?: string | null;
}) {
  const access = await requireHouseholdAccess({ userId, householdId });
  const from = monthStart(month);
  const to = monthEnd(month);
  const query = search?.trim().slice(0, 100) ?? "";
  const category = categoryId && isUuid(categoryId) ? categoryId : undefined;
  const position = decodeCursor(cursor);

  const filters: SQL[] = [
    eq(transaction.householdId, householdId),
    eq(transaction.kind, kind),
    gte(transaction.occurredOn, from),
    lt(transaction.occurredOn, to),
  ];
  // A split's line that the reader may not see (visibleLines) does not list its entry under its category either.
  const lineFilters = (visible: boolean) => {
    const conditions = [eq(entryLine.entryId, transaction.id)];
    if (category) conditions.push(eq(entryLine.categoryId, category));
    const hiddenLine = visible ? visibleLines(access) : undefined;
    if (hiddenLine) conditions.push(hiddenLine);
    return conditions;
  };
  if (category) filters.push(sql`exists (select 1 from ${entryLine} where ${and(...lineFilters(true))})`);
  if (query) {
    // Title (the person's, or the payee's name), and the bank's own words.
    const pattern = likePattern(query);
    filters.push(or(ilike(entryTitle, pattern), ilike(entrySearchText, pattern))!);
  }
  if (memberUserId !== null) filters.push(eq(entryMember, memberUserId));
  const { visibility, seen } = shownTo(access);
  const shown = [...filters, ...visibility];

  const pageFilters = position
    ? [
        ...shown,
        sql`(${transaction.occurredOn}, ${transaction.id}) < (${position.occurredOn}::date, ${position.id}::uuid)`,
      ]
    : shown;

  // A search's total would tell whether hidden entries match its words, so it sums only the rows (and lines) it may
  // show; a member view's stays whole. Either sums the matching lines of the matching entries.
  const totalsQuery =
    query || memberUserId !== null
      ? db()
          .select({
            totalMinor: sql<string>`coalesce(sum(${entryLine.baseAmountMinor}), 0)`,
            entries: sql<number>`count(distinct ${transaction.id})::int`,
          })
          .from(transaction)
          .innerJoin(entryLine, and(...lineFilters(Boolean(query))))
          .where(and(...(query ? shown : filters)))
      : db()
          .select({ totalMinor: sql<string>`coalesce(sum(${monthTotal.totalMinor}), 0)` })
          .from(monthTotal)
          .where(
            and(
              eq(monthTotal.householdId, householdId),
              eq(monthTotal.kind, kind),
              eq(monthTotal.month, from),
              ...(category ? [eq(monthTotal.categoryId, category)] : []),
            ),
          );

  // The number of entries is not a category total: it counts the entries the list shows, once each however many of
  // their lines match (month_total's counts are per category, so a split in two categories would count twice), and
  // with hidden entries in the month only the shown ones, or "Entries: 9" beside seven rows would tell how often the
  // other member went to the therapist. The month's rows of one kind, on the list's own index.
  const shownEntries = !query
    ? db()
        .select({ entries: sql<number>`count(*)::int` })
        .from(transaction)
        .where(and(...shown))
    : undefined;
  const [rows, [totals], counted] = await Promise.all([
    db()
      // Who paid or received it, whoever entered it when nobody was named: what the row's "Shared · paid by" says.
      .select({
        ...columns,
        ...seen,
        memberUserId: entryMember,
        // Split: the entry has a second line (one index probe on entry_line's (entry_id, position)).
        split: sql<boolean>`exists (select 1 from ${entryLine} "line" where "line"."entry_id" = "transaction"."id" and "line"."position" = 1)`,
      })
      .from(transaction)
      .where(and(...pageFilters))
      .orderBy(desc(transaction.occurredOn), desc(transaction.id))
      .limit(limit + 1),
    totalsQuery,
    shownEntries,
  ]);
  const items = rows.slice(0, limit).map(({ split, ...row }) => ({ ...toView(row), split }));
  const last = items.at(-1);
  return {
    access,
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    totals: {
      totalMinor: Number(totals?.totalMinor ?? 0),
      entries: counted?.[0]?.entries ?? (totals && "entries" in totals ? totals.entries : 0),
    },
  };
}

/**
 * After an expense: when the category's month now runs 25 % above its average of the three months before
 * (with at least two of them on record), the household hears about it once per category and month.
 */
async function noticeUnusualSpending({
  householdId,
  categoryId,
  month,
}: {
  householdId: string;
  categoryId: string;
  month: MonthKey;
}) {
  const rows = await db()
    .select({ month: monthTotal.month, totalMinor: monthTotal.totalMinor })
    .from(monthTotal)
    .where(
      and(
        eq(monthTotal.householdId, householdId),
        eq(monthTotal.kind, "expense"),
        eq(monthTotal.categoryId, categoryId),
        gte(monthTotal.month, monthStart(addMonths(month, -3))),
        lt(monthTotal.month, monthEnd(month)),
      ),
    );
  const current = rows.find((row) => row.month === monthStart(month))?.totalMinor ?? 0;
  const earlier = rows.filter((row) => row.month !== monthStart(month) && row.totalMinor > 0);
  if (earlier.length < 2) return;
  const usual = earlier.reduce((sum, row) => sum + row.totalMinor, 0) / earlier.length;
  if (current <= usual * 1.25) return;
  await notifyHouseholdMembers({
    householdId,
    kind: "categoryOverUsual",
    payload: { categoryId, month, totalMinor: current, usualMinor: Math.round(usual) },
    dedupeKey: `over-usual:${categoryId}:${month}`,
  });
}

/** One payee as the Payees screen lists it: the entries counted are those the member may see. */
export interface PayeeListed {
  id: string;
  name: string;
  entries: number;
  expenseCategoryId: string | null;
  incomeCategoryId: string | null;
  /** Whether its new expenses start shared or personal; null: as their category says. */
  sharing: "shared" | "personal" | null;
}

/**
 * The household's payees for the Payees screen, by name: not those merged into another (their key is an alias), and
 * with privacy as the month lists': a payee's entries are counted as `shownTo` shows them, and a payee whose every entry
 * is another member's hidden one is not listed (its name would tell what they paid for). A payee without entries (payee
 * memory learned in an import preview) is listed.
 */
export async function listPayeesShownTo(access: HouseholdAccess): Promise<PayeeListed[]> {
  const { visibility } = shownTo(access);
  const shownEntries = sql<number>`(select count(*)::int from ${transaction} where ${and(eq(transaction.payeeId, payee.id), ...visibility)})`;
  return db()
    .select({
      id: payee.id,
      name: payee.name,
      entries: shownEntries,
      expenseCategoryId: payee.expenseCategoryId,
      incomeCategoryId: payee.incomeCategoryId,
      sharing: payee.sharing,
    })
    .from(payee)
    .where(and(eq(payee.householdId, access.household.id), sql`${payee.mergedIntoId} is null`, payeesSeenBy(access)))
    .orderBy(sql`lower(${payee.name})`, asc(payee.id));
}
