import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { session, user } from "~/db/schema/auth";
import { subscription } from "~/db/schema/billing";
import { budgetLimit } from "~/db/schema/budgets";
import { category, categorySharing, entryLine, payee, transaction } from "~/db/schema/entries";
import { goal, goalContribution } from "~/db/schema/goals";
import { household, householdMember, notification, personalPrivacy } from "~/db/schema/household";
import { moneyAccount, transfer } from "~/db/schema/money-accounts";
import { recurring } from "~/db/schema/recurring";
import { rule } from "~/db/schema/rules";
import { invitation } from "~/db/schema/sharing";
import { importBatch } from "~/db/schema/statement-import";
import { requireHouseholdAccess, type HouseholdAccess } from "~/features/household/households.server";
import {
  entryMember,
  lineMember,
  visibleEntries,
  visibleLines,
  visibleSeries,
} from "~/features/household/personal-privacy.server";
import { isHouseholdAccessError } from "~/features/household/errors";
import { listPayeesShownTo } from "~/features/entries/transactions.server";
import { listSettlements } from "~/features/sharing/settle-up.server";
import { listMemberDrafts } from "~/features/statement-import/statement-import.server";

/** Rows per query while streaming entries: memory stays flat whatever the history. */
const batchSize = 1000;

/** samen-data-2026-11-22.json */
export function dataExportFileName(now: Date = new Date()): string {
  return `samen-data-${now.toISOString().slice(0, 10)}.json`;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * Everything Samen holds about the signed-in user, as one JSON document (GDPR access and portability): the
 * profile, sessions, every household they own with all its contents, every household they are a partner in with what
 * they typed or own there (`partnerIn`: their entries and lines, their privacy choice, the payees as they see them,
 * renames included, their transfers, rules, series, goal contributions and settlements), and their notifications. Every
 * plan may use it. Entries are streamed in keyset batches, so a history of 100,000 entries never sits in memory; the
 * document is valid JSON when the stream ends. Each entry says whether it is shared and whose it is (`memberUserId`,
 * `memberName`), each household lists its settlements, rules, recurring series and budgets; the personal expenses (and
 * series, lines and payees) another member shows only as category totals are left out (`visibleEntries`,
 * `visibleSeries`, `visibleLines`, `listPayeesShownTo`), as on every page, in owned and joined households alike.
 *
 * Each entry carries its `lines` in order (decision 0018): an entry nobody split has one, equal to it. A line says its
 * category, amount and currency, whether it is shared, whose it is and its note. A partner's hidden personal line inside
 * a shared entry is left out like their hidden entries (`visibleLines`), and the entry is then described by the lines
 * that remain, as the lists show it: its amount is their sum and its category and sharing the first one's, so neither
 * the line nor its amount can be read back from the entry.
 *
 * `importDrafts` lists the statement files the user uploaded and has not imported yet, in any household: name, size
 * and date, not the file itself. The file is the user's own bank export (they hold it), it is deleted a day after
 * upload, what it holds becomes entries (exported above) once imported, and up to 25 MB of base64 would swell a
 * document that is streamed to stay small in memory.
 */
export async function exportMyData({
  userId,
  now = new Date(),
}: {
  userId: string;
  now?: Date;
}): Promise<{ fileName: string; stream: ReadableStream<Uint8Array> }> {
  const [person] = await db()
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      locale: user.locale,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!person) throw new Error("data export for a missing user");

  const [sessions, owned, joined, notifications, drafts] = await Promise.all([
    db()
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(asc(session.createdAt)),
    db().select().from(household).where(eq(household.ownerUserId, userId)).orderBy(asc(household.createdAt)),
    db()
      .select({
        householdId: household.id,
        name: household.name,
        currency: household.currency,
        canEdit: householdMember.canEdit,
        sharePercent: householdMember.sharePercent,
        joinedAt: householdMember.createdAt,
      })
      .from(householdMember)
      .innerJoin(household, eq(household.id, householdMember.householdId))
      .where(and(eq(householdMember.userId, userId), eq(householdMember.role, "partner")))
      .orderBy(asc(householdMember.createdAt)),
    db()
      .select({
        kind: notification.kind,
        payload: notification.payload,
        createdAt: notification.createdAt,
        readAt: notification.readAt,
      })
      .from(notification)
      .where(eq(notification.userId, userId))
      .orderBy(asc(notification.createdAt)),
    listMemberDrafts(userId),
  ]);

  async function* documentParts(): AsyncGenerator<string> {
    const head = {
      format: "samen-data-export/1",
      exportedAt: now.toISOString(),
      user: { ...person, createdAt: iso(person?.createdAt), updatedAt: iso(person?.updatedAt) },
      sessions: sessions.map((item) => ({ ...item, createdAt: iso(item.createdAt), expiresAt: iso(item.expiresAt) })),
      notifications: notifications.map((item) => ({
        ...item,
        createdAt: iso(item.createdAt),
        readAt: iso(item.readAt),
      })),
      importDrafts: drafts.map((item) => ({ ...item, createdAt: iso(item.createdAt) })),
    };
    // The document is written by hand around JSON.stringify'd parts so the entries can stream in between.
    yield `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "households": [`;
    for (const [index, home] of owned.entries()) {
      const access = await requireHouseholdAccess({ userId, householdId: home.id });
      yield `${index === 0 ? "" : ","}\n    ${(await describeHousehold(home, userId, access)).slice(0, -6)},\n      "transactions": [`;
      yield* entryParts(access, home.id);
    }
    yield `${owned.length ? "\n  " : ""}],\n  "partnerIn": [`;
    let firstJoined = true;
    for (const membership of joined) {
      let access: HouseholdAccess;
      try {
        access = await requireHouseholdAccess({ userId, householdId: membership.householdId });
      } catch (error) {
        // Removed from it while the file was being written: it is no longer theirs to export.
        if (isHouseholdAccessError(error)) continue;
        throw error;
      }
      yield `${firstJoined ? "" : ","}\n    ${(await describeMembership(membership, userId, access)).slice(0, -6)},\n      "transactions": [`;
      firstJoined = false;
      yield* entryParts(access, membership.householdId, ownEntries(userId));
    }
    yield `${firstJoined ? "" : "\n  "}]\n}\n`;
  }

  const encoder = new TextEncoder();
  const parts = documentParts();
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Each part gives the other requests a turn first: the embedded database answers on this thread, and its
        // promises alone would carry the whole document through without one (issue 45).
        await new Promise((resolve) => setImmediate(resolve));
        const next = await parts.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await parts.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
  return { fileName: dataExportFileName(now), stream };
}

/**
 * The entries a member typed or owns in a household they joined: entered by them, theirs (`entryMember`), or holding a
 * line of theirs (`lineMember`) inside another member's entry.
 */
function ownEntries(userId: string): SQL | undefined {
  return or(
    eq(transaction.createdBy, userId),
    sql`${entryMember} = ${userId}`,
    sql`exists (select 1 from ${entryLine} where ${entryLine.entryId} = ${transaction.id} and ${lineMember} = ${userId})`,
  );
}

/**
 * A household's entries as the member may see them (`visibleEntries`, and `only` when given), in keyset batches with
 * their lines, as the members of the "transactions" array, then the array's and the household's closing brackets.
 */
async function* entryParts(access: HouseholdAccess, householdId: string, only?: SQL): AsyncGenerator<string> {
  let cursor: { occurredOn: string; id: string } | null = null;
  let first = true;
  for (;;) {
    const rows = await db()
      .select({
        id: transaction.id,
        occurredOn: transaction.occurredOn,
        kind: transaction.kind,
        amountMinor: transaction.amountMinor,
        currency: transaction.currency,
        baseAmountMinor: transaction.baseAmountMinor,
        rate: transaction.rate,
        rateOn: transaction.rateOn,
        rateSource: transaction.rateSource,
        originalAmountMinor: transaction.originalAmountMinor,
        originalCurrency: transaction.originalCurrency,
        description: transaction.description,
        payee: sql<string | null>`(select ${payee.name} from ${payee} where ${payee.id} = ${transaction.payeeId})`,
        details: transaction.details,
        categoryId: transaction.categoryId,
        accountId: transaction.accountId,
        counterparty: transaction.counterparty,
        counterpartyIban: transaction.counterpartyIban,
        importBatchId: transaction.importBatchId,
        shared: transaction.shared,
        memberUserId: entryMember,
        memberName: sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${entryMember})`,
        createdAt: transaction.createdAt,
      })
      .from(transaction)
      .where(
        and(
          eq(transaction.householdId, householdId),
          visibleEntries(access),
          only,
          cursor
            ? sql`(${transaction.occurredOn}, ${transaction.id}) > (${cursor.occurredOn}::date, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(transaction.occurredOn), asc(transaction.id))
      .limit(batchSize);
    const lines = await readLines(
      access,
      rows.map((row) => row.id),
    );
    let chunk = "";
    for (const row of rows) {
      const entry = describeEntry(row, lines.get(row.id) ?? []);
      if (!entry) continue;
      chunk += `${first ? "" : ","}\n        ${JSON.stringify(entry)}`;
      first = false;
    }
    if (chunk) yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) break;
    cursor = { occurredOn: last.occurredOn, id: last.id };
  }
  yield `${first ? "" : "\n      "}]\n    }`;
}

/** One line of an entry as the document holds it: amounts in minor units of the entry's currency. */
interface ExportedLine {
  categoryId: string;
  amountMinor: number;
  currency: string;
  /** In the household's base currency, at the entry's rate; null while no rate is known. */
  baseAmountMinor: number | null;
  shared: boolean;
  /** Whose it is: the line's own member, else its entry's. */
  memberUserId: string | null;
  memberName: string | null;
  note: string;
}

/**
 * The lines of a batch of entries, in order, with whether the exporting member may see each (`visibleLines`): one
 * query per batch, over the lines' (entry, position) index.
 */
async function readLines(access: HouseholdAccess, entryIds: string[]) {
  const byEntry = new Map<string, { visible: boolean; line: ExportedLine }[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = await db()
    .select({
      entryId: entryLine.entryId,
      categoryId: entryLine.categoryId,
      amountMinor: entryLine.amountMinor,
      currency: transaction.currency,
      baseAmountMinor: entryLine.baseAmountMinor,
      shared: entryLine.shared,
      memberUserId: lineMember,
      memberName: sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${lineMember})`,
      note: entryLine.note,
      visible: sql<boolean>`${visibleLines(access) ?? sql`true`}`,
    })
    .from(entryLine)
    .innerJoin(transaction, eq(transaction.id, entryLine.entryId))
    .where(inArray(entryLine.entryId, entryIds))
    .orderBy(asc(entryLine.entryId), asc(entryLine.position));
  for (const { entryId, visible, ...line } of rows) {
    const list = byEntry.get(entryId) ?? [];
    list.push({ visible, line });
    byEntry.set(entryId, list);
  }
  return byEntry;
}

/**
 * One entry as the document holds it, with the lines the member may see. When some are hidden, the entry is what the
 * others add up to (its amount and base amount, the first one's category and sharing, no amount abroad); an entry none
 * of whose lines may be shown is left out (null), like a hidden entry.
 */
function describeEntry<
  Row extends {
    amountMinor: number;
    baseAmountMinor: number | null;
    categoryId: string;
    shared: boolean;
    createdAt: Date;
  },
>(row: Row, lines: { visible: boolean; line: ExportedLine }[]) {
  const shown = lines.filter((item) => item.visible).map((item) => item.line);
  const entry = { ...row, createdAt: iso(row.createdAt), lines: shown };
  if (shown.length === lines.length) return entry;
  const [firstShown] = shown;
  if (!firstShown) return null;
  return {
    ...entry,
    amountMinor: shown.reduce((sum, line) => sum + line.amountMinor, 0),
    // The base amount and the shop's own amount abroad are the whole entry's: either would give the hidden lines away.
    baseAmountMinor:
      row.baseAmountMinor === null ? null : shown.reduce((sum, line) => sum + (line.baseAmountMinor ?? 0), 0),
    originalAmountMinor: null,
    originalCurrency: null,
    categoryId: firstShown.categoryId,
    shared: firstShown.shared,
  };
}

const transferColumns = {
  id: transfer.id,
  fromAccountId: transfer.fromAccountId,
  toAccountId: transfer.toAccountId,
  amountMinor: transfer.amountMinor,
  toAmountMinor: transfer.toAmountMinor,
  occurredOn: transfer.occurredOn,
  description: transfer.description,
  importBatchId: transfer.importBatchId,
  createdAt: transfer.createdAt,
};

const ruleColumns = {
  id: rule.id,
  position: rule.position,
  conditions: rule.conditions,
  actions: rule.actions,
  origin: rule.origin,
  createdBy: rule.createdBy,
  createdAt: rule.createdAt,
};

const seriesColumns = {
  id: recurring.id,
  kind: recurring.kind,
  amountMinor: recurring.amountMinor,
  currency: recurring.currency,
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
  createdBy: recurring.createdBy,
  createdAt: recurring.createdAt,
};

/** Whether the member shows their personal spending to the others entry by entry (true) or only as category totals. */
async function personalInDetail(householdId: string, userId: string): Promise<boolean> {
  const rows = await db()
    .select({ userId: personalPrivacy.userId })
    .from(personalPrivacy)
    .where(and(eq(personalPrivacy.householdId, householdId), eq(personalPrivacy.userId, userId)))
    .limit(1);
  return rows.length === 0;
}

/** The household's payees as the member sees them on the Payees screen: names (renames too) and what they remember. */
async function payeesShown(access: HouseholdAccess) {
  return (await listPayeesShownTo(access)).map(({ entries: _entries, ...item }) => item);
}

/** One owned household with everything in it except its entries, pretty-printed at the depth it sits in the file. */
async function describeHousehold(
  home: typeof household.$inferSelect,
  userId: string,
  access: HouseholdAccess,
): Promise<string> {
  const [
    subscriptionRows,
    members,
    invitations,
    categories,
    goals,
    accounts,
    transfers,
    imports,
    settlements,
    rules,
    series,
    budgets,
    detail,
    payees,
  ] = await Promise.all([
    db().select().from(subscription).where(eq(subscription.householdId, home.id)),
    db()
      .select({
        userId: householdMember.userId,
        name: user.name,
        email: user.email,
        role: householdMember.role,
        joinedAt: householdMember.createdAt,
      })
      .from(householdMember)
      .innerJoin(user, eq(user.id, householdMember.userId))
      .where(eq(householdMember.householdId, home.id)),
    db()
      .select({
        email: invitation.email,
        status: invitation.status,
        createdAt: invitation.createdAt,
        expiresAt: invitation.expiresAt,
      })
      .from(invitation)
      .where(eq(invitation.householdId, home.id)),
    db()
      .select({
        id: category.id,
        kind: category.kind,
        name: category.name,
        color: category.color,
        icon: category.icon,
        archived: category.archived,
        createdAt: category.createdAt,
      })
      .from(category)
      .where(eq(category.householdId, home.id)),
    db().select().from(goal).where(eq(goal.householdId, home.id)).orderBy(asc(goal.createdAt)),
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
        csvMapping: moneyAccount.csvMapping,
        archivedAt: moneyAccount.archivedAt,
        createdAt: moneyAccount.createdAt,
      })
      .from(moneyAccount)
      .where(eq(moneyAccount.householdId, home.id))
      .orderBy(asc(moneyAccount.createdAt)),
    db()
      .select(transferColumns)
      .from(transfer)
      .where(eq(transfer.householdId, home.id))
      .orderBy(asc(transfer.occurredOn), asc(transfer.id)),
    db()
      .select({
        id: importBatch.id,
        accountId: importBatch.accountId,
        fileName: importBatch.fileName,
        format: importBatch.format,
        rowsInFile: importBatch.rowsInFile,
        rowsImported: importBatch.rowsImported,
        rowsDuplicate: importBatch.rowsDuplicate,
        undoneAt: importBatch.undoneAt,
        createdAt: importBatch.createdAt,
      })
      .from(importBatch)
      .where(eq(importBatch.householdId, home.id))
      .orderBy(asc(importBatch.createdAt)),
    listSettlements({ userId, householdId: home.id }),
    db().select(ruleColumns).from(rule).where(eq(rule.householdId, home.id)).orderBy(asc(rule.position)),
    db()
      .select(seriesColumns)
      .from(recurring)
      .where(and(eq(recurring.householdId, home.id), visibleSeries(access)))
      .orderBy(asc(recurring.createdAt)),
    db()
      .select({
        categoryId: budgetLimit.categoryId,
        month: budgetLimit.month,
        scope: budgetLimit.scope,
        limitMinor: budgetLimit.limitMinor,
        rollover: budgetLimit.rollover,
      })
      .from(budgetLimit)
      .where(eq(budgetLimit.householdId, home.id))
      .orderBy(asc(budgetLimit.month), asc(budgetLimit.categoryId)),
    personalInDetail(home.id, userId),
    payeesShown(access),
  ]);
  const sharingChoices = await db()
    .select({ categoryId: categorySharing.categoryId, sharing: categorySharing.sharing })
    .from(categorySharing)
    .where(eq(categorySharing.householdId, home.id))
    .orderBy(asc(categorySharing.categoryId));
  const contributions = goals.length
    ? await db()
        .select({
          goalId: goalContribution.goalId,
          amountMinor: goalContribution.amountMinor,
          occurredOn: goalContribution.occurredOn,
          createdAt: goalContribution.createdAt,
        })
        .from(goalContribution)
        .where(
          inArray(
            goalContribution.goalId,
            goals.map((item) => item.id),
          ),
        )
        .orderBy(asc(goalContribution.occurredOn), asc(goalContribution.createdAt))
    : [];
  const plan = subscriptionRows[0];
  const body = {
    id: home.id,
    name: home.name,
    currency: home.currency,
    role: "owner",
    shareMethod: home.shareMethod,
    sharedAlertMinor: home.sharedAlertMinor,
    // Their own choice: personal spending shown to the other members entry by entry, or only as category totals.
    personalInDetail: detail,
    createdAt: iso(home.createdAt),
    subscription: plan
      ? {
          plan: plan.plan,
          status: plan.status,
          currentPeriodEnd: iso(plan.currentPeriodEnd),
          cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
        }
      : { plan: "free" },
    members: members.map((item) => ({ ...item, joinedAt: iso(item.joinedAt) })),
    invitations: invitations.map((item) => ({
      ...item,
      createdAt: iso(item.createdAt),
      expiresAt: iso(item.expiresAt),
    })),
    customCategories: categories.map((item) => ({ ...item, createdAt: iso(item.createdAt) })),
    payees,
    // Which expense categories start shared or personal where the household chose otherwise than the built-in default.
    categorySharing: sharingChoices,
    accounts: accounts.map((item) => ({ ...item, archivedAt: iso(item.archivedAt), createdAt: iso(item.createdAt) })),
    transfers: transfers.map((item) => ({ ...item, createdAt: iso(item.createdAt) })),
    imports: imports.map((item) => ({ ...item, undoneAt: iso(item.undoneAt), createdAt: iso(item.createdAt) })),
    // Money one member gave another to square a month's shared expenses, oldest first.
    settlements: settlements.toReversed().map((item) => ({ ...item, currency: home.currency })),
    // In the order they are tried; a rule's conditions and actions as the Rules screen keeps them.
    rules: rules.map((item) => ({ ...item, createdAt: iso(item.createdAt) })),
    recurring: series.map((item) => ({ ...item, createdAt: iso(item.createdAt) })),
    // A "repeat" budget runs from its month until the category's next one; a "month" one changes that month only.
    budgets,
    goals: goals.map((item) => ({
      id: item.id,
      name: item.name,
      targetMinor: item.targetMinor,
      savedMinor: item.savedMinor,
      deadline: item.deadline,
      // The account whose balance is the goal's saved amount; null: money added by hand (`savedMinor`).
      followsAccountId: item.accountId,
      archived: item.archivedAt !== null,
      reachedAt: iso(item.reachedAt),
      createdAt: iso(item.createdAt),
      contributions: contributions
        .filter((entry) => entry.goalId === item.id)
        .map(({ goalId: _goalId, ...entry }) => ({ ...entry, createdAt: iso(entry.createdAt) })),
    })),
  };
  return JSON.stringify(body, null, 2).replace(/\n/g, "\n    ");
}

/**
 * A household the user joined as a partner, with what they typed or own in it (its entries follow, streamed): their
 * membership and privacy choice, the payees as they see them, and the transfers, rules, series, goal contributions and
 * settlements they made or that name them. What other members typed is theirs, and is left out.
 */
async function describeMembership(
  membership: {
    householdId: string;
    name: string;
    currency: string;
    canEdit: boolean;
    sharePercent: number | null;
    joinedAt: Date;
  },
  userId: string,
  access: HouseholdAccess,
): Promise<string> {
  const householdId = membership.householdId;
  const [detail, payees, transfers, rules, series, contributions, settlements] = await Promise.all([
    personalInDetail(householdId, userId),
    payeesShown(access),
    db()
      .select(transferColumns)
      .from(transfer)
      .where(and(eq(transfer.householdId, householdId), eq(transfer.createdBy, userId)))
      .orderBy(asc(transfer.occurredOn), asc(transfer.id)),
    db()
      .select(ruleColumns)
      .from(rule)
      .where(and(eq(rule.householdId, householdId), eq(rule.createdBy, userId)))
      .orderBy(asc(rule.position)),
    db()
      .select(seriesColumns)
      .from(recurring)
      .where(and(eq(recurring.householdId, householdId), eq(recurring.createdBy, userId)))
      .orderBy(asc(recurring.createdAt)),
    db()
      .select({
        goalId: goalContribution.goalId,
        goalName: goal.name,
        amountMinor: goalContribution.amountMinor,
        occurredOn: goalContribution.occurredOn,
        createdAt: goalContribution.createdAt,
      })
      .from(goalContribution)
      .innerJoin(goal, eq(goal.id, goalContribution.goalId))
      .where(and(eq(goal.householdId, householdId), eq(goalContribution.createdBy, userId)))
      .orderBy(asc(goalContribution.occurredOn), asc(goalContribution.createdAt)),
    listSettlements({ userId, householdId }),
  ]);
  const body = {
    householdId,
    name: membership.name,
    currency: membership.currency,
    role: "partner",
    canEdit: membership.canEdit,
    sharePercent: membership.sharePercent,
    joinedAt: iso(membership.joinedAt),
    // Their own choice: personal spending shown to the other members entry by entry, or only as category totals.
    personalInDetail: detail,
    payees,
    transfers: transfers.map((item) => ({ ...item, createdAt: iso(item.createdAt) })),
    rules: rules.map((item) => ({ ...item, createdAt: iso(item.createdAt) })),
    recurring: series.map((item) => ({ ...item, createdAt: iso(item.createdAt) })),
    goalContributions: contributions.map((item) => ({ ...item, createdAt: iso(item.createdAt) })),
    settlements: settlements
      .filter((item) => item.fromUserId === userId || item.toUserId === userId)
      .toReversed()
      .map((item) => ({ ...item, currency: membership.currency })),
  };
  return JSON.stringify(body, null, 2).replace(/\n/g, "\n    ");
}
