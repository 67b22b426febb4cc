import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { listNotifications } from "~/features/household/notifications.server";
import {
  contributeToGoal,
  createGoal,
  listGoalContributions,
  listGoals,
  listRecentContributions,
  setGoalArchived,
  updateGoal,
} from "./goals.server";
import { parseContributionForm, parseGoalForm } from "./goal.schema";
import { createAccount } from "~/features/money-accounts/accounts.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { createTransfer } from "~/features/money-accounts/transfers.server";

useTestDatabase();

const today = "2025-03-10";

async function withGoal(fields = { name: "Vacation", targetMinor: 120000, deadline: "2025-12-31" as string | null }) {
  const seeded = await seedHousehold();
  // Deadlines and history are premium; the free plan's goal rules are covered in app/features/billing.
  await seedPremium(seeded.household.id);
  const created = await createGoal({ userId: seeded.owner.id, householdId: seeded.household.id, fields });
  if (!created.ok) throw new Error("goal not created");
  return { ...seeded, goalId: created.goalId };
}

describe("goals edited by two people at once", () => {
  async function twoEditors() {
    const seeded = await withGoal({ name: "Vacation", targetMinor: 120000, deadline: "2025-12-31" });
    const partner = await seedUser({ name: "Sanne" });
    await addPartner({ householdId: seeded.household.id, userId: partner.id, canEdit: true });
    const owner = { userId: seeded.owner.id, householdId: seeded.household.id, goalId: seeded.goalId };
    const editor = { userId: partner.id, householdId: seeded.household.id, goalId: seeded.goalId };
    const loaded = async (session: { userId: string; householdId: string }) =>
      (await listGoals({ ...session, today })).goals[0];
    return { owner, editor, loaded };
  }

  it("refuses a save based on an old version, answers with the other person's values and overwrites nothing", async () => {
    const { owner, editor, loaded } = await twoEditors();
    const ownerSaw = await loaded(owner);
    const partnerSaw = await loaded(editor);
    expect(ownerSaw?.version).toBe(partnerSaw?.version);

    const theirs = { name: "Italy", targetMinor: 150000, deadline: "2026-06-30", accountId: null };
    expect(await updateGoal({ ...editor, version: partnerSaw?.version, fields: theirs })).toEqual({
      ok: true,
      goalId: editor.goalId,
    });
    const stale = await updateGoal({
      ...owner,
      version: ownerSaw?.version,
      fields: { name: "Spain", targetMinor: 90000, deadline: null },
    });
    const now = await loaded(owner);
    expect(stale).toEqual({ conflict: "changed", current: { ...theirs, version: now?.version } });
    expect(now).toMatchObject(theirs);
    expect(now?.version).not.toBe(ownerSaw?.version);

    // "Save mine anyway" sends the version the conflict showed.
    expect(
      await updateGoal({
        ...owner,
        version: now?.version,
        fields: { name: "Spain", targetMinor: 90000, deadline: null },
      }),
    ).toEqual({ ok: true, goalId: owner.goalId });
    expect(await loaded(editor)).toMatchObject({ name: "Spain", targetMinor: 90000, deadline: null });
    // The partner's page still holds the version before that save: refused again.
    expect(await updateGoal({ ...editor, version: now?.version, fields: theirs })).toMatchObject({
      conflict: "changed",
      current: { name: "Spain" },
    });
  });

  it("a save without a version, with a malformed one or of the same version twice is never last-write-wins", async () => {
    const { owner, editor, loaded } = await twoEditors();
    const version = (await loaded(owner))?.version;
    const fields = { name: "Mine", targetMinor: 100, deadline: null };
    expect(await updateGoal({ ...editor, version: undefined, fields })).toMatchObject({
      conflict: "changed",
      current: { name: "Vacation", version },
    });
    expect(await updateGoal({ ...editor, version: "12.5", fields })).toMatchObject({ conflict: "changed" });
    expect(await updateGoal({ ...owner, version, fields })).toMatchObject({ ok: true });
    // Two saves from the same loaded version: the second one is refused even within the same millisecond.
    expect(await updateGoal({ ...editor, version, fields: { ...fields, name: "Theirs" } })).toMatchObject({
      conflict: "changed",
      current: { name: "Mine" },
    });
    expect((await loaded(owner))?.name).toBe("Mine");
  });

  it("money added meanwhile is no conflict: the edit form does not write the saved amount", async () => {
    const { owner, editor, loaded } = await twoEditors();
    const version = (await loaded(editor))?.version;
    expect(await contributeToGoal({ ...owner, amountMinor: 5_000, occurredOn: today })).toMatchObject({ ok: true });
    expect(
      await updateGoal({ ...editor, version, fields: { name: "Italy", targetMinor: 150000, deadline: null } }),
    ).toMatchObject({ ok: true });
    expect(await loaded(owner)).toMatchObject({ name: "Italy", savedMinor: 5_000 });
  });
});

describe("goals", () => {
  it("creates a goal and shows the amount per month still needed before the deadline", async () => {
    const { owner, household } = await withGoal();
    const { goals, canCreate } = await listGoals({ userId: owner.id, householdId: household.id, today });
    expect(canCreate).toBe(true);
    expect(goals).toEqual([
      expect.objectContaining({
        name: "Vacation",
        savedMinor: 0,
        progress: 0,
        reached: false,
        archived: false,
        needed: { perMonthMinor: 12000, months: 10, overdue: false },
      }),
    ]);
  });

  it("adds and withdraws money, keeps the history, and never goes below zero", async () => {
    const { owner, household, goalId } = await withGoal();
    const base = { userId: owner.id, householdId: household.id, goalId, occurredOn: today };
    expect(await contributeToGoal({ ...base, amountMinor: 30000 })).toMatchObject({ ok: true, reached: false });
    expect(await contributeToGoal({ ...base, amountMinor: -5000 })).toMatchObject({ ok: true });
    expect(await contributeToGoal({ ...base, amountMinor: -30000 })).toEqual({
      ok: false,
      fieldErrors: { amount: "errors.goal.notEnoughSaved" },
    });
    const [goal] = (await listGoals({ userId: owner.id, householdId: household.id, today })).goals;
    expect(goal).toMatchObject({ savedMinor: 25000, needed: { perMonthMinor: 9500 } });
    const history = await listGoalContributions({ userId: owner.id, householdId: household.id, goalId });
    expect(history.map((item) => item.amountMinor).sort()).toEqual([-5000, 30000]);
  });

  it("reaching the target marks the goal reached and tells the household once", async () => {
    const { owner, household, goalId } = await withGoal({ name: "Buffer", targetMinor: 10000, deadline: null });
    const partner = await seedUser();
    // Partners see a household only while it is premium.
    await seedPremium(household.id);
    await addPartner({ householdId: household.id, userId: partner.id });
    const base = { userId: owner.id, householdId: household.id, goalId, occurredOn: today };
    expect(await contributeToGoal({ ...base, amountMinor: 10000 })).toMatchObject({ ok: true, reached: true });
    await contributeToGoal({ ...base, amountMinor: -1 });
    await contributeToGoal({ ...base, amountMinor: 1 });
    const [goal] = (await listGoals({ userId: owner.id, householdId: household.id, today })).goals;
    expect(goal).toMatchObject({ reached: true, progress: 1, needed: null });
    const inbox = await listNotifications({ userId: partner.id });
    expect(inbox.items.filter((item) => item.kind === "goalReached")).toHaveLength(1);
    expect(inbox.items[0]?.payload).toMatchObject({ goalId, name: "Buffer" });
  });

  it("edits and archives; an archived goal takes no money until it is brought back", async () => {
    const { owner, household, goalId } = await withGoal();
    const base = { userId: owner.id, householdId: household.id, goalId };
    const version = (await listGoals({ userId: owner.id, householdId: household.id, today })).goals[0]?.version;
    expect(
      await updateGoal({ ...base, version, fields: { name: "Summer in Italy", targetMinor: 200000, deadline: null } }),
    ).toEqual({ ok: true, goalId });
    await setGoalArchived({ ...base, archived: true });
    expect(await contributeToGoal({ ...base, amountMinor: 100, occurredOn: today })).toEqual({
      ok: false,
      fieldErrors: { form: "errors.goal.archived" },
    });
    let [goal] = (await listGoals({ userId: owner.id, householdId: household.id, today })).goals;
    expect(goal).toMatchObject({
      name: "Summer in Italy",
      targetMinor: 200000,
      deadline: null,
      archived: true,
      needed: null,
    });
    await setGoalArchived({ ...base, archived: false });
    [goal] = (await listGoals({ userId: owner.id, householdId: household.id, today })).goals;
    expect(goal?.archived).toBe(false);
  });

  it("a partner cannot create, change or fund goals; a stranger gets not found", async () => {
    const { household, goalId } = await withGoal();
    const partner = await seedUser();
    // Partners see a household only while it is premium.
    await seedPremium(household.id);
    await addPartner({ householdId: household.id, userId: partner.id });
    const fields = { name: "Mine", targetMinor: 100, deadline: null };
    await expect(createGoal({ userId: partner.id, householdId: household.id, fields })).rejects.toMatchObject({
      code: "readOnly",
    });
    await expect(
      updateGoal({ userId: partner.id, householdId: household.id, goalId, version: undefined, fields }),
    ).rejects.toMatchObject({ code: "readOnly" });
    await expect(
      setGoalArchived({ userId: partner.id, householdId: household.id, goalId, archived: true }),
    ).rejects.toMatchObject({ code: "readOnly" });
    await expect(
      contributeToGoal({ userId: partner.id, householdId: household.id, goalId, amountMinor: 100, occurredOn: today }),
    ).rejects.toMatchObject({
      code: "readOnly",
    });
    await expect(listGoals({ userId: partner.id, householdId: household.id, today })).resolves.toMatchObject({
      goals: [expect.anything()],
    });
    const { owner: stranger, household: own } = await seedHousehold();
    await expect(listGoals({ userId: stranger.id, householdId: household.id, today })).rejects.toMatchObject({
      code: "notFound",
    });
    await expect(
      contributeToGoal({ userId: stranger.id, householdId: own.id, goalId, amountMinor: 100, occurredOn: today }),
    ).rejects.toMatchObject({
      code: "notFound",
    });
  });

  it("lists the latest contributions of every goal in one go, a few per goal", async () => {
    const { owner, household, goalId } = await withGoal();
    const second = await createGoal({
      userId: owner.id,
      householdId: household.id,
      fields: { name: "Bike", targetMinor: 50000, deadline: null },
    });
    if (!second.ok) throw new Error("goal not created");
    for (let day = 1; day <= 7; day += 1) {
      await contributeToGoal({
        userId: owner.id,
        householdId: household.id,
        goalId,
        amountMinor: day * 100,
        occurredOn: `2025-03-0${day}`,
      });
    }
    await contributeToGoal({
      userId: owner.id,
      householdId: household.id,
      goalId: second.goalId,
      amountMinor: 999,
      occurredOn: "2025-03-02",
    });
    const recent = await listRecentContributions({ userId: owner.id, householdId: household.id, perGoal: 5 });
    expect(recent.filter((item) => item.goalId === goalId).map((item) => item.amountMinor)).toEqual([
      700, 600, 500, 400, 300,
    ]);
    expect(recent.filter((item) => item.goalId === second.goalId)).toEqual([
      expect.objectContaining({ amountMinor: 999, occurredOn: "2025-03-02" }),
    ]);
    const stranger = await seedUser();
    await expect(listRecentContributions({ userId: stranger.id, householdId: household.id })).rejects.toMatchObject({
      code: "notFound",
    });
  });

  it("validates the forms with translated messages", () => {
    expect(parseGoalForm({ name: " ", target: "0", deadline: "2025-02-30" }, "de")).toEqual({
      ok: false,
      fieldErrors: {
        name: "errors.goalName.required",
        target: "errors.amount.notPositiveTarget",
        deadline: "errors.date.invalid",
      },
    });
    expect(parseGoalForm({ name: "Urlaub", target: "1.500", deadline: "" }, "de")).toEqual({
      ok: true,
      value: { name: "Urlaub", target: 150000, deadline: null, accountId: null },
    });
    expect(parseContributionForm({ direction: "withdraw", amount: "abc" }, "en")).toEqual({
      ok: false,
      fieldErrors: { amount: "errors.amount.invalid" },
    });
  });
});

describe("a goal that follows a savings account", () => {
  it("shows the account's balance as saved, grows with a transfer, and takes no money by hand", async () => {
    const { owner, household } = await seedHousehold();
    const base = { userId: owner.id, householdId: household.id };
    const savings = await createAccount({
      ...base,
      input: {
        name: "Spaarrekening",
        kind: "savings",
        iban: null,
        openingBalance: 100_000,
        openingOn: "2025-01-01",
        defaultShared: undefined,
      },
    });
    if (!savings.ok) throw new Error("no savings account");
    const created = await createGoal({
      ...base,
      fields: { name: "Buffer", targetMinor: 150_000, deadline: null, accountId: savings.accountId },
    });
    if (!created.ok) throw new Error("goal not created");
    const first = await listGoals({ ...base, today });
    expect(first.goals[0]).toMatchObject({
      savedMinor: 100_000,
      reached: false,
      account: { id: savings.accountId, name: "Spaarrekening" },
    });
    expect(first.accounts.map((account) => account.name)).toEqual([null, "Spaarrekening"]);

    await createTransfer({
      ...base,
      fields: {
        fromAccountId: await everydayAccountId(household.id),
        toAccountId: savings.accountId,
        amountMinor: 50_000,
        occurredOn: "2025-03-01",
        description: "",
      },
    });
    expect((await listGoals({ ...base, today })).goals[0]).toMatchObject({ savedMinor: 150_000, reached: true });
    expect(await contributeToGoal({ ...base, goalId: created.goalId, amountMinor: 1_000, occurredOn: today })).toEqual({
      ok: false,
      fieldErrors: { form: "errors.goal.followsAccount" },
    });

    // Back to money by hand: what was put in by hand before (nothing) is the saved amount again.
    const version = (await listGoals({ ...base, today })).goals[0]?.version;
    await updateGoal({
      ...base,
      goalId: created.goalId,
      version,
      fields: { name: "Buffer", targetMinor: 150_000, deadline: null },
    });
    expect((await listGoals({ ...base, today })).goals[0]).toMatchObject({ savedMinor: 0, account: null });
  });

  it("refuses an account of another household or an id that is not one", async () => {
    const { owner, household } = await seedHousehold();
    const other = await seedHousehold();
    const base = { userId: owner.id, householdId: household.id };
    const foreign = await everydayAccountId(other.household.id);
    for (const accountId of [foreign, "not-an-id"])
      expect(
        await createGoal({ ...base, fields: { name: "Buffer", targetMinor: 1_000, deadline: null, accountId } }),
      ).toEqual({ ok: false, fieldErrors: { accountId: "errors.form.invalid" } });
    expect(parseGoalForm({ name: "Buffer", target: "10", accountId: "x" }, "en")).toMatchObject({
      ok: false,
      fieldErrors: { accountId: "errors.form.invalid" },
    });
  });
});
