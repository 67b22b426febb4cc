import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { monthTotal, transaction } from "~/db/schema/entries";
import { notification } from "~/db/schema/household";
import { recurringOccurrence } from "~/db/schema/recurring";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { addDays } from "~/domain/periods";
import { addPartner, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { setBudget } from "~/features/budgets/budgets.server";
import { parseAccountForm } from "~/features/money-accounts/account.schema";
import { createAccount, setAccountArchived } from "~/features/money-accounts/accounts.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { setPersonalPrivacy } from "~/features/sharing/invitations.server";
import { parseRecurringForm } from "./recurring.schema";
import { normalisePayee } from "~/domain/payees/payee-name";
import { insertEntries } from "~/features/entries/entry-writer.server";
import { uuidv7 } from "~/lib/uuid";
import {
  addSuggestedSeries,
  confirmOccurrence,
  createRecurring,
  deleteRecurring,
  detectRecurring,
  listRecurring,
  postDueOccurrences,
  removeAddedSeries,
  reopenOccurrence,
  skipOccurrence,
  updateRecurring,
  upcomingForMonth,
} from "./recurring.server";
import { monthPlan } from "./month-plan.server";
import { RecurringPostingWorker } from "./startup.server";

useTestDatabase();

const housing = builtInCategory("housing").id;
const leisure = builtInCategory("leisure").id;
const salary = builtInCategory("salary").id;

function input(values: Record<string, string>) {
  const parsed = parseRecurringForm(
    { kind: "expense", categoryId: housing, frequency: "monthly", startsOn: "2026-01-01", ...values },
    "en",
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.value;
}

async function series(userId: string, householdId: string, values: Record<string, string>) {
  const created = await createRecurring({ userId, householdId, input: input(values) });
  if (!created.ok) throw new Error(JSON.stringify(created.fieldErrors));
  return created.recurringId;
}

const entriesOf = (householdId: string) =>
  db()
    .select({
      occurredOn: transaction.occurredOn,
      amountMinor: transaction.amountMinor,
      description: transaction.description,
      createdBy: transaction.createdBy,
    })
    .from(transaction)
    .where(eq(transaction.householdId, householdId))
    .orderBy(asc(transaction.occurredOn));

const dueDates = async (userId: string, householdId: string, month: string, today = `${month}-01`) =>
  (await upcomingForMonth({ userId, householdId, month, today })).occurrences.map((item) => item.dueOn);

describe("a series edited by two people at once", () => {
  async function twoEditors() {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const partner = await seedUser({ name: "Sanne" });
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    const recurringId = await series(owner.id, household.id, { amount: "950", description: "Rent", day: "1" });
    const loaded = async (userId: string) =>
      (await listRecurring({ userId, householdId: household.id, today: "2026-11-02" })).series[0];
    return {
      ownerSession: { userId: owner.id, householdId: household.id, recurringId },
      editorSession: { userId: partner.id, householdId: household.id, recurringId },
      loaded,
      owner,
      partner,
    };
  }

  it("refuses a save based on an old version with the other person's series, and overwrites nothing", async () => {
    const { ownerSession, editorSession, loaded, owner, partner } = await twoEditors();
    const ownerSaw = await loaded(owner.id);
    const partnerSaw = await loaded(partner.id);
    expect(partnerSaw?.version).toBe(ownerSaw?.version);
    expect(
      await updateRecurring({
        ...editorSession,
        version: partnerSaw?.version,
        input: input({ amount: "975", description: "Rent", day: "1" }),
      }),
    ).toMatchObject({ ok: true });

    const stale = await updateRecurring({
      ...ownerSession,
      version: ownerSaw?.version,
      input: input({ amount: "900", description: "Rent", day: "28" }),
    });
    const now = await loaded(owner.id);
    const { nextDue: _listedOnly, ...current } = now ?? { nextDue: null };
    expect(stale).toEqual({ conflict: "changed", current });
    expect(now).toMatchObject({ amountMinor: 97_500, dayOfMonth: 1 });
    expect(
      await updateRecurring({
        ...ownerSession,
        version: now?.version,
        input: input({ amount: "900", description: "Rent", day: "28" }),
      }),
    ).toMatchObject({ ok: true });
    expect(await loaded(partner.id)).toMatchObject({ amountMinor: 90_000, dayOfMonth: 28 });
  });

  it("a delete based on an old version shows the change first; after a delete the other's save answers gone", async () => {
    const { ownerSession, editorSession, loaded, owner } = await twoEditors();
    const ownerSaw = await loaded(owner.id);
    expect(
      await updateRecurring({
        ...editorSession,
        version: ownerSaw?.version,
        input: input({ amount: "975", description: "Rent", day: "1" }),
      }),
    ).toMatchObject({ ok: true });
    expect(await deleteRecurring({ ...ownerSession, version: ownerSaw?.version })).toMatchObject({
      conflict: "changed",
      current: { amountMinor: 97_500 },
    });
    const now = await loaded(owner.id);
    expect(await deleteRecurring({ ...ownerSession, version: now?.version })).toEqual({ ok: true });
    expect(
      await updateRecurring({
        ...editorSession,
        version: now?.version,
        input: input({ amount: "1", description: "Rent", day: "1" }),
      }),
    ).toEqual({ conflict: "gone" });
    expect(await loaded(owner.id)).toBeUndefined();
  });
});

describe("schedules on the calendar", () => {
  it("monthly on the 31st falls on the last day of short months", async () => {
    const { owner, household } = await seedHousehold();
    await series(owner.id, household.id, { amount: "950", description: "Rent", day: "31" });
    expect(await dueDates(owner.id, household.id, "2026-02")).toEqual(["2026-02-28"]);
    expect(await dueDates(owner.id, household.id, "2026-04")).toEqual(["2026-04-30"]);
    expect(await dueDates(owner.id, household.id, "2028-02")).toEqual(["2028-02-29"]);
    expect(await dueDates(owner.id, household.id, "2026-05")).toEqual(["2026-05-31"]);
  });

  it("monthly on the last day, every N months, every N weeks", async () => {
    const { owner, household } = await seedHousehold();
    await series(owner.id, household.id, { amount: "10", description: "Last day", day: "last" });
    await series(owner.id, household.id, { amount: "20", description: "Quarterly", day: "15", interval: "3" });
    await series(owner.id, household.id, {
      amount: "30",
      description: "Fortnightly",
      frequency: "weekly",
      interval: "2",
      startsOn: "2026-01-02",
    });
    const upcoming = await upcomingForMonth({
      userId: owner.id,
      householdId: household.id,
      month: "2026-04",
      today: "2026-04-01",
    });
    expect(upcoming.occurrences.map((item) => [item.description, item.dueOn])).toEqual([
      ["Fortnightly", "2026-04-10"],
      ["Quarterly", "2026-04-15"],
      ["Fortnightly", "2026-04-24"],
      ["Last day", "2026-04-30"],
    ]);
    expect(await dueDates(owner.id, household.id, "2026-05")).toEqual(["2026-05-08", "2026-05-22", "2026-05-31"]);
  });

  it("yearly on 29 February: 28 February in ordinary years, 29 in leap years", async () => {
    const { owner, household } = await seedHousehold();
    await series(owner.id, household.id, {
      amount: "120",
      description: "Domain",
      frequency: "yearly",
      startsOn: "2024-02-29",
    });
    expect(await dueDates(owner.id, household.id, "2027-02")).toEqual(["2027-02-28"]);
    expect(await dueDates(owner.id, household.id, "2028-02")).toEqual(["2028-02-29"]);
    expect(await dueDates(owner.id, household.id, "2027-03")).toEqual([]);
  });

  it("respects the start and the end, both included", async () => {
    const { owner, household } = await seedHousehold();
    await series(owner.id, household.id, {
      amount: "5",
      description: "Trial",
      day: "10",
      startsOn: "2026-03-10",
      endsOn: "2026-05-10",
    });
    expect(await dueDates(owner.id, household.id, "2026-02")).toEqual([]);
    expect(await dueDates(owner.id, household.id, "2026-03")).toEqual(["2026-03-10"]);
    expect(await dueDates(owner.id, household.id, "2026-05")).toEqual(["2026-05-10"]);
    expect(await dueDates(owner.id, household.id, "2026-06")).toEqual([]);
  });
});

describe("the month's upcoming dates", () => {
  it("lists what is neither posted nor skipped, overdue ones included, with the totals still to come", async () => {
    const { owner, household } = await seedHousehold();
    const rent = await series(owner.id, household.id, { amount: "950", description: "Rent", day: "1" });
    await series(owner.id, household.id, { amount: "13,99", description: "Netflix", day: "5", categoryId: leisure });
    const gym = await series(owner.id, household.id, {
      amount: "30",
      description: "Gym",
      day: "20",
      categoryId: leisure,
    });
    await series(owner.id, household.id, {
      kind: "income",
      amount: "3200",
      description: "Salary",
      day: "last",
      categoryId: salary,
    });
    await confirmOccurrence({ userId: owner.id, householdId: household.id, recurringId: rent, dueOn: "2026-11-01" });
    await skipOccurrence({ userId: owner.id, householdId: household.id, recurringId: gym, dueOn: "2026-11-20" });

    const month = await upcomingForMonth({
      userId: owner.id,
      householdId: household.id,
      month: "2026-11",
      today: "2026-11-10",
    });
    expect(month.occurrences.map((item) => [item.description, item.status])).toEqual([
      ["Rent", "posted"],
      ["Netflix", "overdue"],
      ["Gym", "skipped"],
      ["Salary", "due"],
    ]);
    expect(month.upcoming.map((item) => item.description)).toEqual(["Netflix", "Salary"]);
    expect(month.totals).toEqual({
      expectedIncomeMinor: 320_000,
      upcomingBillsMinor: 1399,
      billsBeforeNextIncomeMinor: 0,
    });
    // Income is still expected this month: the bills after it are that income's to pay.
    expect(month.beforeNextIncome).toEqual([]);
  });

  it("once the month's income is in, next month's bills before the next income are to come as well", async () => {
    const { owner, household } = await seedHousehold();
    const at = { userId: owner.id, householdId: household.id };
    const rent = await series(owner.id, household.id, { amount: "950", description: "Rent", day: "1" });
    await series(owner.id, household.id, { amount: "13,99", description: "Netflix", day: "26", categoryId: leisure });
    await series(owner.id, household.id, { amount: "30", description: "Gym", day: "28", categoryId: leisure });
    const pay = await series(owner.id, household.id, {
      kind: "income",
      amount: "3200",
      description: "Salary",
      day: "25",
      categoryId: salary,
    });
    // Without the salary this month, nothing of December is counted.
    expect((await upcomingForMonth({ ...at, month: "2026-11", today: "2026-11-27" })).beforeNextIncome).toEqual([]);

    await confirmOccurrence({ ...at, recurringId: pay, dueOn: "2026-11-25" });
    const month = await upcomingForMonth({ ...at, month: "2026-11", today: "2026-11-27" });
    expect(month.upcoming.map((item) => [item.description, item.dueOn])).toEqual([
      ["Rent", "2026-11-01"],
      ["Netflix", "2026-11-26"],
      ["Gym", "2026-11-28"],
    ]);
    // December's salary comes on the 25th: the rent on the 1st is before it, Netflix and the gym after it.
    expect(month.beforeNextIncome.map((item) => [item.description, item.dueOn])).toEqual([["Rent", "2026-12-01"]]);
    expect(month.totals.billsBeforeNextIncomeMinor).toBe(95_000);
    // The calendar stays the month's own.
    expect(month.occurrences.every((item) => item.dueOn < "2026-12-01")).toBe(true);

    // Safe to spend takes the rent too.
    const plan = await monthPlan({ ...at, month: "2026-11", today: "2026-11-27" });
    expect(plan.safe?.figures.billsBeforeNextIncomeMinor).toBe(95_000);
    expect(plan.safe?.upcomingCount).toBe(4);

    // Confirmed early, the rent is entered on December 1: no longer listed, still this month's money's to pay.
    await confirmOccurrence({ ...at, recurringId: rent, dueOn: "2026-12-01" });
    const paid = await upcomingForMonth({ ...at, month: "2026-11", today: "2026-11-27" });
    expect(paid.beforeNextIncome).toEqual([]);
    expect(paid.totals.billsBeforeNextIncomeMinor).toBe(95_000);
    // Skipped, it is not.
    await reopenOccurrence({ ...at, recurringId: rent, dueOn: "2026-12-01" });
    await skipOccurrence({ ...at, recurringId: rent, dueOn: "2026-12-01" });
    expect(
      (await upcomingForMonth({ ...at, month: "2026-11", today: "2026-11-27" })).totals.billsBeforeNextIncomeMinor,
    ).toBe(0);
  });

  it("counts no bills ahead without an expected income, nor for a month that is over", async () => {
    const { owner, household } = await seedHousehold();
    const at = { userId: owner.id, householdId: household.id };
    await series(owner.id, household.id, { amount: "950", description: "Rent", day: "1" });
    expect((await upcomingForMonth({ ...at, month: "2026-11", today: "2026-11-27" })).beforeNextIncome).toEqual([]);
    await series(owner.id, household.id, {
      kind: "income",
      amount: "3200",
      description: "Salary",
      day: "25",
      categoryId: salary,
      startsOn: "2026-12-01",
    });
    expect(
      (await upcomingForMonth({ ...at, month: "2026-11", today: "2026-11-27" })).totals.billsBeforeNextIncomeMinor,
    ).toBe(95_000);
    expect((await upcomingForMonth({ ...at, month: "2026-10", today: "2026-11-27" })).beforeNextIncome).toEqual([]);
  });

  it("lists each series with its next open date", async () => {
    const { owner, household } = await seedHousehold();
    const rent = await series(owner.id, household.id, { amount: "950", description: "Rent", day: "1" });
    await series(owner.id, household.id, { amount: "5", description: "Ended", day: "3", endsOn: "2026-03-03" });
    await skipOccurrence({ userId: owner.id, householdId: household.id, recurringId: rent, dueOn: "2026-12-01" });
    const { series: listed } = await listRecurring({
      userId: owner.id,
      householdId: household.id,
      today: "2026-11-02",
    });
    expect(listed.map((item) => [item.description, item.nextDue])).toEqual([
      ["Rent", "2027-01-01"],
      ["Ended", null],
    ]);
  });
});

describe("confirming, skipping, reopening", () => {
  it("confirming posts the entry once, however often it is tapped", async () => {
    const { owner, household } = await seedHousehold();
    const rent = await series(owner.id, household.id, { amount: "950", description: "Rent", day: "1" });
    const tap = () =>
      confirmOccurrence({ userId: owner.id, householdId: household.id, recurringId: rent, dueOn: "2026-11-01" });
    const [first, second] = await Promise.all([tap(), tap()]);
    const third = await tap();
    expect([first, second, third].filter((result) => result.ok && result.changed)).toHaveLength(1);
    expect(third).toEqual({ ok: true, changed: false });
    expect(await entriesOf(household.id)).toEqual([
      { occurredOn: "2026-11-01", amountMinor: 95_000, description: "Rent", createdBy: owner.id },
    ]);
    const [total] = await db()
      .select()
      .from(monthTotal)
      .where(and(eq(monthTotal.householdId, household.id), eq(monthTotal.categoryId, housing)));
    expect(total).toMatchObject({ month: "2026-11-01", totalMinor: 95_000, entries: 1 });
  });

  it("an entry that takes a budget past its limit tells the household once, by hand or by the worker", async () => {
    const { owner, household } = await seedHousehold();
    await setBudget({
      userId: owner.id,
      householdId: household.id,
      fields: { categoryId: leisure, month: "2026-10", limitMinor: 2000, scope: "repeat", rollover: false },
    });
    const gym = await series(owner.id, household.id, {
      amount: "15",
      description: "Gym",
      day: "2",
      startsOn: "2026-10-01",
      categoryId: leisure,
    });
    await series(owner.id, household.id, {
      amount: "10",
      description: "Club",
      day: "20",
      startsOn: "2026-10-01",
      categoryId: leisure,
      autoPost: "on",
    });
    const passed = () =>
      db()
        .select({ dedupeKey: notification.dedupeKey })
        .from(notification)
        .where(eq(notification.householdId, household.id));

    await confirmOccurrence({ userId: owner.id, householdId: household.id, recurringId: gym, dueOn: "2026-10-02" });
    expect(await passed()).toEqual([]);
    await postDueOccurrences({ today: "2026-10-21" });
    expect(await passed()).toEqual([{ dedupeKey: `budget-passed:${leisure}:2026-10` }]);
  });

  it("refuses a date the schedule does not have", async () => {
    const { owner, household } = await seedHousehold();
    const rent = await series(owner.id, household.id, { amount: "950", description: "Rent", day: "1" });
    for (const dueOn of ["2026-11-02", "2025-12-01"]) {
      expect(
        await confirmOccurrence({ userId: owner.id, householdId: household.id, recurringId: rent, dueOn }),
      ).toEqual({ ok: false, error: "recurring:errors.notDue" });
      expect(await skipOccurrence({ userId: owner.id, householdId: household.id, recurringId: rent, dueOn })).toEqual({
        ok: false,
        error: "recurring:errors.notDue",
      });
    }
    expect(await entriesOf(household.id)).toEqual([]);
  });

  it("skipping enters nothing; a skipped date cannot be confirmed until reopened", async () => {
    const { owner, household } = await seedHousehold();
    const rent = await series(owner.id, household.id, { amount: "950", description: "Rent", day: "1" });
    const date = { userId: owner.id, householdId: household.id, recurringId: rent, dueOn: "2026-11-01" };
    expect(await skipOccurrence(date)).toEqual({ ok: true, changed: true });
    expect(await confirmOccurrence(date)).toEqual({ ok: true, changed: false });
    expect(await entriesOf(household.id)).toEqual([]);
    expect(await reopenOccurrence(date)).toEqual({ ok: true, changed: true });
    expect(await confirmOccurrence(date)).toEqual({ ok: true, changed: true });
    expect(await entriesOf(household.id)).toHaveLength(1);
  });

  it("reopening a confirmed date removes its entry, once", async () => {
    const { owner, household } = await seedHousehold();
    const rent = await series(owner.id, household.id, { amount: "950", description: "Rent", day: "1" });
    const date = { userId: owner.id, householdId: household.id, recurringId: rent, dueOn: "2026-11-01" };
    await confirmOccurrence(date);
    expect(await reopenOccurrence(date)).toEqual({ ok: true, changed: true });
    expect(await reopenOccurrence(date)).toEqual({ ok: true, changed: false });
    expect(await entriesOf(household.id)).toEqual([]);
    expect((await upcomingForMonth({ ...date, month: "2026-11", today: "2026-11-02" })).upcoming).toHaveLength(1);
  });

  it("deleting a series keeps the entries it posted", async () => {
    const { owner, household } = await seedHousehold();
    const rent = await series(owner.id, household.id, { amount: "950", description: "Rent", day: "1" });
    await confirmOccurrence({ userId: owner.id, householdId: household.id, recurringId: rent, dueOn: "2026-11-01" });
    const version = (await listRecurring({ userId: owner.id, householdId: household.id, today: "2026-11-02" }))
      .series[0]?.version;
    expect(await deleteRecurring({ userId: owner.id, householdId: household.id, recurringId: rent, version })).toEqual({
      ok: true,
    });
    expect(await entriesOf(household.id)).toHaveLength(1);
    expect((await listRecurring({ userId: owner.id, householdId: household.id, today: "2026-11-02" })).series).toEqual(
      [],
    );
  });
});

describe("automatic posting", () => {
  /** A worker whose clock the test sets; each call is a new worker, as after a restart. */
  const workerAt = (day: string) =>
    new RecurringPostingWorker({ now: () => new Date(`${day}T09:30:00Z`), timeZone: "UTC" });

  it("posts every due date once across restarts, concurrent rounds and days the server was down", async () => {
    const { owner, household } = await seedHousehold();
    await series(owner.id, household.id, {
      amount: "950",
      description: "Rent",
      day: "1",
      startsOn: "2026-01-01",
      autoPost: "on",
    });
    await series(owner.id, household.id, {
      amount: "25",
      description: "Cleaner",
      frequency: "weekly",
      startsOn: "2026-02-02",
      autoPost: "on",
    });
    await series(owner.id, household.id, { amount: "13,99", description: "Manual", day: "1", startsOn: "2026-01-01" });

    // First start on 10 February: January's and February's rent, and the cleaner's 2 and 9 February.
    await workerAt("2026-02-10").postDue();
    const posted = ["2026-01-01", "2026-02-01", "2026-02-02", "2026-02-09"];
    expect((await entriesOf(household.id)).map((entry) => entry.occurredOn)).toEqual(posted);
    expect((await entriesOf(household.id)).every((entry) => entry.createdBy === null)).toBe(true);

    // A restart the same day, and two rounds at once: nothing new.
    await workerAt("2026-02-10").postDue();
    await Promise.all([workerAt("2026-02-10").postDue(), workerAt("2026-02-10").postDue()]);
    expect((await entriesOf(household.id)).map((entry) => entry.occurredOn)).toEqual(posted);

    // Down from 11 February to 3 March: everything in between once, even with two servers catching up together.
    const caughtUp = await Promise.all([workerAt("2026-03-03").postDue(), workerAt("2026-03-03").postDue()]);
    const missed = ["2026-02-16", "2026-02-23", "2026-03-01", "2026-03-02"];
    expect(
      caughtUp
        .flat()
        .filter((entry) => entry.householdId === household.id)
        .map((entry) => entry.occurredOn)
        .sort(),
    ).toEqual(missed);
    expect((await entriesOf(household.id)).map((entry) => entry.occurredOn)).toEqual([...posted, ...missed].sort());
    const occurrences = await db()
      .select()
      .from(recurringOccurrence)
      .where(eq(recurringOccurrence.householdId, household.id));
    expect(occurrences).toHaveLength(8);
    expect(occurrences.every((row) => row.status === "posted" && row.transactionId !== null)).toBe(true);
  });

  it("leaves a date skipped ahead alone and still posts the ones before it", async () => {
    const { owner, household } = await seedHousehold();
    const cleaner = await series(owner.id, household.id, {
      amount: "25",
      description: "Cleaner",
      frequency: "weekly",
      startsOn: "2026-06-01",
      autoPost: "on",
    });
    await workerAt("2026-06-01").postDue();
    await skipOccurrence({ userId: owner.id, householdId: household.id, recurringId: cleaner, dueOn: "2026-06-15" });
    await workerAt("2026-06-20").postDue();
    expect((await entriesOf(household.id)).map((entry) => entry.occurredOn)).toEqual(["2026-06-01", "2026-06-08"]);
  });

  it("posts nothing before the start, after the end, or for series confirmed by hand", async () => {
    const { owner, household } = await seedHousehold();
    await series(owner.id, household.id, {
      amount: "9",
      description: "Later",
      day: "1",
      startsOn: "2026-09-01",
      autoPost: "on",
    });
    await series(owner.id, household.id, {
      amount: "9",
      description: "Ended",
      day: "1",
      startsOn: "2026-01-01",
      endsOn: "2026-02-15",
      autoPost: "on",
    });
    await series(owner.id, household.id, { amount: "9", description: "By hand", day: "1", startsOn: "2026-01-01" });
    await workerAt("2026-04-10").postDue();
    expect((await entriesOf(household.id)).map((entry) => [entry.description, entry.occurredOn])).toEqual([
      ["Ended", "2026-01-01"],
      ["Ended", "2026-02-01"],
    ]);
  });

  it("started, runs a round at once and stops cleanly", async () => {
    const { owner, household } = await seedHousehold();
    await series(owner.id, household.id, {
      amount: "950",
      description: "Rent",
      day: "1",
      startsOn: "2026-07-01",
      autoPost: "on",
    });
    const worker = new RecurringPostingWorker({
      now: () => new Date("2026-07-01T00:30:00Z"),
      timeZone: "UTC",
      intervalMs: 60_000,
    });
    worker.start();
    const deadline = Date.now() + 10_000;
    while ((await entriesOf(household.id)).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();
    expect((await entriesOf(household.id)).map((entry) => entry.occurredOn)).toEqual(["2026-07-01"]);
  });

  it("follows its time zone's calendar day", () => {
    const now = () => new Date("2026-07-01T22:30:00Z");
    expect(new RecurringPostingWorker({ now, timeZone: "UTC" }).today()).toBe("2026-07-01");
    expect(new RecurringPostingWorker({ now, timeZone: "Europe/Amsterdam" }).today()).toBe("2026-07-02");
  });

  it("a direct call with a date posts the same way", async () => {
    const { owner, household } = await seedHousehold();
    await series(owner.id, household.id, {
      kind: "income",
      amount: "3200",
      description: "Salary",
      day: "last",
      startsOn: "2026-01-31",
      categoryId: salary,
      autoPost: "on",
    });
    const posted = await postDueOccurrences({ today: "2026-03-30" });
    expect(
      posted
        .filter((entry) => entry.householdId === household.id)
        .toSorted((a, b) => a.occurredOn.localeCompare(b.occurredOn)),
    ).toEqual([
      expect.objectContaining({ kind: "income", categoryId: salary, amountMinor: 320_000, occurredOn: "2026-01-31" }),
      expect.objectContaining({ occurredOn: "2026-02-28" }),
    ]);
  });
});

describe("series in the history", () => {
  it("suggests a subscription through noise, not groceries, and not what is set up already", async () => {
    const { owner, household } = await seedHousehold();
    const today = "2026-06-10";
    const netflix = ["2026-01-05", "2026-02-05", "2026-03-04", "2026-04-06", "2026-05-05", "2026-06-05"].map(
      (occurredOn) => ({
        kind: "expense" as const,
        amountMinor: 1399,
        occurredOn,
        counterparty: "NETFLIX.COM",
        category: "leisure",
      }),
    );
    const shopping = Array.from({ length: 30 }, (_, index) => ({
      kind: "expense" as const,
      amountMinor: 4000 + (index % 4) * 150,
      occurredOn: addDays("2026-01-02", index * 5 + (index % 3)),
      counterparty: "Albert Heijn",
      category: "groceries",
    }));
    const rent = ["2026-03-01", "2026-04-01", "2026-05-01", "2026-06-01"].map((occurredOn) => ({
      kind: "expense" as const,
      amountMinor: 95_000,
      occurredOn,
      description: "Rent",
      category: "housing",
    }));
    await seedTransactions({
      householdId: household.id,
      entries: [
        ...netflix,
        ...shopping,
        ...rent,
        { kind: "expense", amountMinor: 4999, occurredOn: "2026-03-20", counterparty: "NETFLIX.COM" },
      ],
    });
    await series(owner.id, household.id, { amount: "950", description: "Rent", day: "1" });

    const suggestions = await detectRecurring({ userId: owner.id, householdId: household.id, today });
    expect(suggestions).toEqual([
      expect.objectContaining({
        name: "NETFLIX.COM",
        counterparty: "NETFLIX.COM",
        amountMinor: 1399,
        frequency: "monthly",
        dayOfMonth: 5,
        nextDue: "2026-07-05",
        categoryId: leisure,
        accountId: await everydayAccountId(household.id),
      }),
    ]);

    // Set up from the suggestion, it is no longer suggested.
    await series(owner.id, household.id, {
      amount: "13,99",
      counterparty: "NETFLIX.COM",
      day: "5",
      categoryId: leisure,
    });
    expect(await detectRecurring({ userId: owner.id, householdId: household.id, today })).toEqual([]);
  });
});

describe("detection's bounded work", () => {
  it("reads at most the newest entries it is given, whatever the household's size", async () => {
    const { owner, household } = await seedHousehold();
    const today = "2026-06-10";
    // A monthly subscription up to last week, then 40 entries of the last days on top of it.
    const subscription = ["2026-01-05", "2026-02-05", "2026-03-05", "2026-04-05", "2026-05-05", "2026-06-05"].map(
      (occurredOn) => ({
        kind: "expense" as const,
        amountMinor: 1099,
        occurredOn,
        counterparty: "Spotify",
        category: "leisure",
      }),
    );
    const recent = Array.from({ length: 40 }, (_, index) => ({
      kind: "expense" as const,
      amountMinor: 1000 + index * 37,
      occurredOn: addDays("2026-06-06", index % 4),
      description: `Shop ${index}`,
      category: "groceries",
    }));
    await seedTransactions({ householdId: household.id, entries: [...subscription, ...recent] });
    const base = { userId: owner.id, householdId: household.id, today };
    expect((await detectRecurring(base)).map((suggestion) => suggestion.name)).toContain("Spotify");
    // Bounded to the newest 40, the subscription's earlier months are out of reach: they are not read at all.
    expect((await detectRecurring({ ...base, newest: 40 })).map((suggestion) => suggestion.name)).not.toContain(
      "Spotify",
    );
  });
});

describe("detection and privacy", () => {
  it("does not name a member's personal counterparties to a member who sees their spending only as category totals", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    const monthly = (counterparty: string, amountMinor: number, shared: boolean) =>
      ["2026-01-05", "2026-02-05", "2026-03-05", "2026-04-06", "2026-05-05", "2026-06-05"].map((occurredOn) => ({
        kind: "expense" as const,
        amountMinor,
        occurredOn,
        counterparty,
        category: "leisure",
        shared,
      }));
    await seedTransactions({
      householdId: household.id,
      userId: partner.id,
      entries: [...monthly("DATING APP", 2499, false), ...monthly("SPOTIFY", 1799, true)],
    });
    await setPersonalPrivacy({ userId: partner.id, householdId: household.id, personalInDetail: false });
    const today = "2026-06-10";
    expect(
      (await detectRecurring({ userId: owner.id, householdId: household.id, today })).map(
        (suggestion) => suggestion.name,
      ),
    ).toEqual(["SPOTIFY"]);
    expect(
      (await detectRecurring({ userId: partner.id, householdId: household.id, today }))
        .map((suggestion) => suggestion.name)
        .sort(),
    ).toEqual(["DATING APP", "SPOTIFY"]);
  });
});

describe("access and validation", () => {
  it("a stranger finds nothing; a read-only partner sees but cannot change", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    const stranger = await seedUser();
    const rent = await series(owner.id, household.id, { amount: "950", description: "Rent", day: "1" });
    const date = { householdId: household.id, recurringId: rent, dueOn: "2026-11-01" };

    expect(
      (await listRecurring({ userId: partner.id, householdId: household.id, today: "2026-11-01" })).series,
    ).toHaveLength(1);
    expect(
      (await upcomingForMonth({ userId: partner.id, householdId: household.id, month: "2026-11", today: "2026-11-01" }))
        .upcoming,
    ).toHaveLength(1);
    await expect(
      createRecurring({ userId: partner.id, householdId: household.id, input: input({ amount: "1" }) }),
    ).rejects.toMatchObject({ code: "readOnly" });
    await expect(
      updateRecurring({
        userId: partner.id,
        householdId: household.id,
        recurringId: rent,
        version: undefined,
        input: input({ amount: "1" }),
      }),
    ).rejects.toMatchObject({ code: "readOnly" });
    await expect(
      deleteRecurring({ userId: partner.id, householdId: household.id, recurringId: rent, version: undefined }),
    ).rejects.toMatchObject({ code: "readOnly" });
    await expect(confirmOccurrence({ userId: partner.id, ...date })).rejects.toMatchObject({ code: "readOnly" });
    await expect(skipOccurrence({ userId: partner.id, ...date })).rejects.toMatchObject({ code: "readOnly" });
    await expect(reopenOccurrence({ userId: partner.id, ...date })).rejects.toMatchObject({ code: "readOnly" });

    // Each attempt starts only when awaited: a promise created early and awaited late rejects unhandled.
    for (const attempt of [
      () => listRecurring({ userId: stranger.id, householdId: household.id, today: "2026-11-01" }),
      () => upcomingForMonth({ userId: stranger.id, householdId: household.id, month: "2026-11", today: "2026-11-01" }),
      () => detectRecurring({ userId: stranger.id, householdId: household.id, today: "2026-11-01" }),
      () => confirmOccurrence({ userId: stranger.id, ...date }),
      () => deleteRecurring({ userId: stranger.id, householdId: household.id, recurringId: rent, version: undefined }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: "notFound" });
    }
    // The stranger's own household does not reach the owner's series either.
    const own = await seedHousehold();
    await expect(
      confirmOccurrence({
        userId: own.owner.id,
        householdId: own.household.id,
        recurringId: rent,
        dueOn: "2026-11-01",
      }),
    ).rejects.toMatchObject({ code: "notFound" });
    await expect(
      deleteRecurring({
        userId: own.owner.id,
        householdId: own.household.id,
        recurringId: "not-a-uuid",
        version: undefined,
      }),
    ).rejects.toMatchObject({ code: "notFound" });
    expect(await entriesOf(household.id)).toEqual([]);
  });

  it("refuses bad forms with a message per field", () => {
    const refused = (values: Record<string, string>) => {
      const parsed = parseRecurringForm(
        { kind: "expense", amount: "10", categoryId: housing, frequency: "monthly", startsOn: "2026-01-01", ...values },
        "en",
      );
      return parsed.ok ? null : parsed.fieldErrors;
    };
    expect(refused({ amount: "0" })).toEqual({ amount: "errors.amount.notPositive" });
    expect(refused({ kind: "transfer" })).toEqual({ kind: "errors.kind.invalid" });
    expect(refused({ frequency: "daily" })).toEqual({ frequency: "recurring:errors.frequency" });
    expect(refused({ interval: "0" })).toEqual({ interval: "recurring:errors.interval" });
    expect(refused({ interval: "53" })).toEqual({ interval: "recurring:errors.interval" });
    expect(refused({ day: "32" })).toEqual({ day: "recurring:errors.day" });
    expect(refused({ startsOn: "2026-02-30" })).toEqual({ startsOn: "errors.date.invalid" });
    expect(refused({ endsOn: "2025-12-31" })).toEqual({ endsOn: "recurring:errors.endBeforeStart" });
    expect(refused({ description: "x".repeat(121) })).toEqual({ description: "errors.description.tooLong" });
    expect(refused({ description: "Rent\u0000" })).toEqual({ description: "errors.form.invalid" });
    expect(refused({ accountId: "everyday" })).toEqual({ accountId: "recurring:errors.account" });
    // Weekly and yearly series ignore the day; "last" is the month's last day.
    expect(input({ amount: "10", frequency: "weekly", day: "12" })).toMatchObject({ dayOfMonth: null, lastDay: false });
    expect(input({ amount: "10", day: "last" })).toMatchObject({ dayOfMonth: null, lastDay: true });
    expect(input({ amount: "10", autoPost: "on" })).toMatchObject({ autoPost: true, interval: 1 });
  });

  it("refuses a category of the other kind, another household's category or account, and an archived account", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const other = await seedHousehold();
    const savingsForm = parseAccountForm({ name: "Savings", kind: "savings" }, "en");
    if (!savingsForm.ok) throw new Error("bad account form");
    const savings = await createAccount({ userId: owner.id, householdId: household.id, input: savingsForm.value });
    if (!savings.ok) throw new Error("no account");
    const create = (values: Record<string, string>) =>
      createRecurring({ userId: owner.id, householdId: household.id, input: input({ amount: "10", ...values }) });

    expect(await create({ categoryId: salary })).toEqual({
      ok: false,
      fieldErrors: { categoryId: "errors.category.invalid" },
    });
    expect(await create({ accountId: await everydayAccountId(other.household.id) })).toEqual({
      ok: false,
      fieldErrors: { accountId: "recurring:errors.account" },
    });
    expect(await create({ accountId: savings.accountId })).toMatchObject({ ok: true });
    await setAccountArchived({
      userId: owner.id,
      householdId: household.id,
      accountId: savings.accountId,
      archived: true,
    });
    expect(await create({ accountId: savings.accountId })).toEqual({
      ok: false,
      fieldErrors: { accountId: "recurring:errors.account" },
    });
    // Without an account, the Everyday one.
    const created = await create({});
    if (!created.ok) throw new Error("not created");
    const [listed] = (
      await listRecurring({ userId: owner.id, householdId: household.id, today: "2026-01-01" })
    ).series.filter((item) => item.id === created.recurringId);
    expect(listed?.accountId).toBe(await everydayAccountId(household.id));
  });
});

/** Bank entries as an import writes them: the bank's text, and the payee it folds into (payee-name.ts). */
async function bankEntries(
  householdId: string,
  userId: string,
  entries: readonly {
    kind?: "income" | "expense";
    counterparty: string;
    amountMinor: number;
    occurredOn: string;
    category?: string;
  }[],
) {
  const accountId = await everydayAccountId(householdId);
  await insertEntries(
    db(),
    entries.map((item) => {
      const payee = normalisePayee(item.counterparty);
      return {
        id: uuidv7(),
        householdId,
        accountId,
        kind: item.kind ?? "expense",
        amountMinor: item.amountMinor,
        currency: "EUR",
        occurredOn: item.occurredOn,
        description: "",
        categoryId: builtInCategory(item.category ?? (item.kind === "income" ? "salary" : "other")).id,
        counterparty: item.counterparty,
        payee: payee ? { key: payee.key, name: payee.name } : null,
        createdBy: userId,
      };
    }),
  );
}

describe("suggestions from two months, by payee", () => {
  const today = "2026-11-10";

  it("suggests two consecutive months within ±2 % either way, a payee's branches as one, named after the payee", async () => {
    const { owner, household } = await seedHousehold();
    await bankEntries(household.id, owner.id, [
      // Two branches of one chain: one payee, one series.
      {
        counterparty: "ALBERT HEIJN 1403 AMSTERDAM",
        amountMinor: 4_500,
        occurredOn: "2026-10-03",
        category: "groceries",
      },
      { counterparty: "AH to go 5812 Utrecht CS", amountMinor: 4_590, occurredOn: "2026-11-03", category: "groceries" },
      // 2 % down: still a series.
      { counterparty: "VATTENFALL KLANTENSERVICE NV", amountMinor: 10_000, occurredOn: "2026-10-06" },
      { counterparty: "Vattenfall", amountMinor: 9_800, occurredOn: "2026-11-06" },
      // Just over 2 % up: not yet.
      { counterparty: "Ziggo", amountMinor: 10_000, occurredOn: "2026-10-08" },
      { counterparty: "Ziggo", amountMinor: 10_201, occurredOn: "2026-11-08" },
      { kind: "income", counterparty: "Werkgever BV", amountMinor: 300_000, occurredOn: "2026-09-24" },
      { kind: "income", counterparty: "Werkgever BV", amountMinor: 306_000, occurredOn: "2026-10-24" },
    ]);

    const suggestions = await detectRecurring({ userId: owner.id, householdId: household.id, today });
    expect(suggestions.map((item) => [item.name, item.kind, item.occurrences, item.amountMinor, item.nextDue])).toEqual(
      [
        ["Werkgever", "income", 2, 303_000, "2026-11-24"],
        ["Albert Heijn", "expense", 2, 4_545, "2026-12-03"],
        ["Vattenfall", "expense", 2, 9_900, "2026-12-06"],
      ],
    );

    // Set up as the single Add fills its form (the payee's name, the bank's latest text), it is no longer suggested.
    const albertHeijn = suggestions[1]!;
    await series(owner.id, household.id, {
      amount: "45,45",
      description: albertHeijn.name,
      counterparty: albertHeijn.counterparty ?? "",
      day: "3",
    });
    // Nor is a payee whose series was set up by hand under another branch's text.
    await series(owner.id, household.id, { amount: "100", counterparty: "VATTENFALL 0042", day: "6" });
    expect(
      (await detectRecurring({ userId: owner.id, householdId: household.id, today })).map((item) => item.name),
    ).toEqual(["Werkgever"]);
  });
});

describe("add all suggestions", () => {
  const today = "2026-11-10";

  async function householdWithSuggestions() {
    const { owner, household } = await seedHousehold();
    // Partners come with Premium; the single Add's own test sets its household up alike.
    await seedPremium(household.id);
    await bankEntries(household.id, owner.id, [
      { counterparty: "NETFLIX.COM", amountMinor: 1_399, occurredOn: "2026-10-05", category: "leisure" },
      { counterparty: "NETFLIX.COM", amountMinor: 1_399, occurredOn: "2026-11-05", category: "leisure" },
      { counterparty: "Woonstichting Eigen Haard", amountMinor: 95_000, occurredOn: "2026-10-01", category: "housing" },
      { counterparty: "Woonstichting Eigen Haard", amountMinor: 95_000, occurredOn: "2026-11-02", category: "housing" },
      { kind: "income", counterparty: "Werkgever BV", amountMinor: 300_000, occurredOn: "2026-09-24" },
      { kind: "income", counterparty: "Werkgever BV", amountMinor: 300_000, occurredOn: "2026-10-24" },
    ]);
    const suggestions = await detectRecurring({ userId: owner.id, householdId: household.id, today });
    expect(suggestions).toHaveLength(3);
    return { owner, household, suggestions };
  }

  it("sets up every suggestion shown in one step, as the single Add would, and undo removes them again", async () => {
    const { owner, household, suggestions } = await householdWithSuggestions();
    const session = { userId: owner.id, householdId: household.id };

    const added = await addSuggestedSeries({ ...session, today, keys: suggestions.map((item) => item.key) });
    expect(added.recurringIds).toHaveLength(3);
    const listed = (await listRecurring({ ...session, today })).series;
    expect(
      listed.map((item) => [item.description, item.kind, item.amountMinor, item.dayOfMonth, item.autoPost]).sort(),
    ).toEqual(
      [
        ["Netflix", "expense", 1_399, 5, false],
        ["Werkgever", "income", 300_000, 24, false],
        ["Woonstichting Eigen Haard", "expense", 95_000, 2, false],
      ].sort(),
    );
    expect(listed.every((item) => item.accountId !== "" && item.startsOn > "2026-11-09")).toBe(true);
    expect(await detectRecurring({ ...session, today })).toEqual([]);
    // Nothing is posted: the dates wait for their tap, as after a single Add.
    expect(await entriesOf(household.id)).toHaveLength(6);

    expect(await removeAddedSeries({ ...session, recurringIds: added.recurringIds })).toEqual({ ok: true, removed: 3 });
    expect((await listRecurring({ ...session, today })).series).toEqual([]);
    expect(await detectRecurring({ ...session, today })).toHaveLength(3);
  });

  it("adds only the suggestions shown: one dismissed on the page stays a suggestion", async () => {
    const { owner, household, suggestions } = await householdWithSuggestions();
    const [dismissed, ...shown] = suggestions;
    const added = await addSuggestedSeries({
      userId: owner.id,
      householdId: household.id,
      today,
      keys: shown.map((item) => item.key),
    });
    expect(added.recurringIds).toHaveLength(2);
    expect(
      (await detectRecurring({ userId: owner.id, householdId: household.id, today })).map((item) => item.key),
    ).toEqual([dismissed!.key]);
  });

  it("is refused to a read-only partner and a stranger, and changes nothing", async () => {
    const { owner, household, suggestions } = await householdWithSuggestions();
    const viewer = await seedUser();
    await addPartner({ householdId: household.id, userId: viewer.id });
    const stranger = await seedUser();
    const keys = suggestions.map((item) => item.key);

    await expect(
      addSuggestedSeries({ userId: viewer.id, householdId: household.id, today, keys }),
    ).rejects.toMatchObject({ code: "readOnly" });
    await expect(
      addSuggestedSeries({ userId: stranger.id, householdId: household.id, today, keys }),
    ).rejects.toMatchObject({ code: "notFound" });
    expect((await listRecurring({ userId: owner.id, householdId: household.id, today })).series).toEqual([]);

    // Nor may the viewer undo what the owner added.
    const added = await addSuggestedSeries({ userId: owner.id, householdId: household.id, today, keys });
    await expect(
      removeAddedSeries({ userId: viewer.id, householdId: household.id, recurringIds: added.recurringIds }),
    ).rejects.toMatchObject({ code: "readOnly" });
    expect((await listRecurring({ userId: owner.id, householdId: household.id, today })).series).toHaveLength(3);
  });
});
