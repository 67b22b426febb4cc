import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { session, user } from "~/db/schema/auth";
import { subscription } from "~/db/schema/billing";
import { budgetLimit } from "~/db/schema/budgets";
import { category, categorySharing, entryLine, payee, transaction } from "~/db/schema/entries";
import { goal, goalContribution } from "~/db/schema/goals";
import { household, householdMember, notification } from "~/db/schema/household";
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
import { listSettlements } from "~/features/sharing/settle-up.server";
import { listMemberDrafts } from "~/features/statement-import/statement-import.server";

/** Rows per query while streaming entries: memory stays flat whatever the history. */
const batchSize = 5000;

/** samen-data-2026-11-22.json */
export function dataExportFileName(now: Date = new Date()): string {
  return `samen-data-${now.toISOString().slice(0, 10)}.json`;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * Everything Samen holds about the signed-in user, as one JSON document (GDPR access and portability): the
 * profile, sessions, every household they own with all its contents, the households they are a partner in, and
 * their notifications. Every plan may use it. Entries are streamed in keyset batches, so a history of 100,000
 * entries never sits in memory; the document is valid JSON when the stream ends. Each entry says whether it is
 * shared and whose it is (`memberUserId`, `memberName`), each household lists its settlements, rules, recurring series
 * and budgets; the personal expenses (and series) a partner shows the owner only as category totals are left out
 * (`visibleEntries`, `visibleSeries`), as on every page.
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
      .select({ householdId: household.id, name: household.name, joinedAt: householdMember.createdAt })
      .from(householdMember)
      .innerJoin(household, eq(household.id, householdMember.householdId))
      .where(and(eq(householdMember.userId, userId), eq(householdMember.role, "partner"))),
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
      partnerIn: joined.map((item) => ({ ...item, joinedAt: iso(item.joinedAt) })),
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
              eq(transaction.householdId, home.id),
              visibleEntries(access),
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
    yield `${owned.length ? "\n  " : ""}]\n}\n`;
  }

  const encoder = new TextEncoder();
  const parts = documentParts();
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
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

/** One line of an entry as the document holds it: amounts in minor units of the entry's currency. */
interface ExportedLine {
  categoryId: string;
  amountMinor: number;
  currency: string;
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
 * others add up to (its amount, the first one's category and sharing); an entry none of whose lines may be shown is
 * left out (null), like a hidden entry.
 */
function describeEntry<Row extends { amountMinor: number; categoryId: string; shared: boolean; createdAt: Date }>(
  row: Row,
  lines: { visible: boolean; line: ExportedLine }[],
) {
  const shown = lines.filter((item) => item.visible).map((item) => item.line);
  const entry = { ...row, createdAt: iso(row.createdAt), lines: shown };
  if (shown.length === lines.length) return entry;
  const [firstShown] = shown;
  if (!firstShown) return null;
  return {
    ...entry,
    amountMinor: shown.reduce((sum, line) => sum + line.amountMinor, 0),
    categoryId: firstShown.categoryId,
    shared: firstShown.shared,
  };
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
      .select({
        id: transfer.id,
        fromAccountId: transfer.fromAccountId,
        toAccountId: transfer.toAccountId,
        amountMinor: transfer.amountMinor,
        toAmountMinor: transfer.toAmountMinor,
        occurredOn: transfer.occurredOn,
        description: transfer.description,
        importBatchId: transfer.importBatchId,
        createdAt: transfer.createdAt,
      })
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
    db()
      .select({
        id: rule.id,
        position: rule.position,
        conditions: rule.conditions,
        actions: rule.actions,
        origin: rule.origin,
        createdBy: rule.createdBy,
        createdAt: rule.createdAt,
      })
      .from(rule)
      .where(eq(rule.householdId, home.id))
      .orderBy(asc(rule.position)),
    db()
      .select({
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
      })
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
