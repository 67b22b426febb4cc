import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { insertEntries } from "~/features/entries/entry-writer.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { addPartner, seedHousehold, seedTransactions, seedUser, type SeedEntry } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { HouseholdAccessError } from "~/features/household/errors";
import { listNotifications } from "~/features/household/notifications.server";
import {
  getSettleUp as readSettleUp,
  listSettlements,
  markMonthSettled,
  requestSettleUp,
  setShareMethod,
  setSharedAlert,
  undoSettlement,
} from "./settle-up.server";
import { settlement } from "~/db/schema/sharing";
import { eq } from "drizzle-orm";

useTestDatabase();

/** The settle-up page of a premium household (every household here is premium unless a test says otherwise). */
async function getSettleUp(args: Parameters<typeof readSettleUp>[0]) {
  const view = await readSettleUp(args);
  if (!view.ok) throw new Error("fair share refused: premium required");
  return view;
}

const month = "2026-03";

/** A premium household of Sanne (owner) and Pieter (a partner who edits, or only looks). */
async function couple({ partnerEdits = true } = {}) {
  const { owner: sanne, household } = await seedHousehold({ name: "Sanne" });
  await seedPremium(household.id);
  const pieter = await seedUser({ name: "Pieter" });
  await addPartner({ householdId: household.id, userId: pieter.id, canEdit: partnerEdits });
  const add = (userId: string, entries: SeedEntry[]) =>
    seedTransactions({ householdId: household.id, userId, entries });
  return { sanne, pieter, householdId: household.id, add };
}

const shared = (amountMinor: number, occurredOn = "2026-03-10"): SeedEntry => ({
  kind: "expense",
  amountMinor,
  occurredOn,
  shared: true,
});
const income = (amountMinor: number, occurredOn = "2026-03-01"): SeedEntry => ({
  kind: "income",
  amountMinor,
  occurredOn,
});

function balances(view: Awaited<ReturnType<typeof getSettleUp>>) {
  return Object.fromEntries(view.split.members.map((member) => [member.userId, member.balanceMinor]));
}

describe("settle up", () => {
  it("splits shared expenses equally against what each paid, leaving personal ones and other months out", async () => {
    const { sanne, pieter, householdId, add } = await couple();
    await add(sanne.id, [
      shared(346_90),
      { kind: "expense", amountMinor: 999_00, occurredOn: "2026-03-05" },
      shared(50_00, "2026-04-01"),
    ]);
    await add(pieter.id, [shared(100_00), shared(1, "2026-02-28")]);
    const view = await getSettleUp({ userId: pieter.id, householdId, month });
    expect(view.split.totalMinor).toBe(446_90);
    expect(view.split.payments).toEqual([{ fromUserId: pieter.id, toUserId: sanne.id, amountMinor: 123_45 }]);
    expect(view.members.map((member) => member.name)).toEqual(["Sanne", "Pieter"]);
  });

  it("counts an expense for the member who paid, whoever entered it", async () => {
    const { sanne, pieter, householdId, add } = await couple();
    await add(sanne.id, [{ ...shared(200_00), memberUserId: pieter.id }]);
    const view = await getSettleUp({ userId: sanne.id, householdId, month });
    expect(view.split.payments).toEqual([{ fromUserId: sanne.id, toUserId: pieter.id, amountMinor: 100_00 }]);
  });

  it("rounds so the shares always add up to the total, the odd cent to the member who paid more", async () => {
    const { sanne, pieter, householdId, add } = await couple();
    await add(sanne.id, [shared(1_00)]);
    await add(pieter.id, [shared(2)]);
    const view = await getSettleUp({ userId: sanne.id, householdId, month });
    const shares = view.split.members.map((member) => member.shareMinor);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(1_02);
    expect(view.split.members.find((member) => member.userId === sanne.id)?.shareMinor).toBe(51);
    await setShareMethod({
      userId: sanne.id,
      householdId,
      method: "fixed",
      percents: { [sanne.id]: 33, [pieter.id]: 67 },
    });
    const fixed = await getSettleUp({ userId: sanne.id, householdId, month });
    expect(fixed.split.members.map((member) => member.shareMinor)).toEqual([34, 68]);
  });

  it("splits by each member's income, and equally when one or both have no income that month", async () => {
    const { sanne, pieter, householdId, add } = await couple();
    await setShareMethod({ userId: sanne.id, householdId, method: "income", percents: {} });
    await add(sanne.id, [shared(1000_00)]);
    const noIncome = await getSettleUp({ userId: sanne.id, householdId, month });
    expect(noIncome.split.method).toBe("equal");
    expect(balances(noIncome)[sanne.id]).toBe(500_00);

    await add(sanne.id, [income(3000_00)]);
    const oneIncome = await getSettleUp({ userId: sanne.id, householdId, month });
    expect(oneIncome.split.method).toBe("equal");
    expect(balances(oneIncome)[pieter.id]).toBe(-500_00);

    await add(pieter.id, [income(1000_00)]);
    const both = await getSettleUp({ userId: sanne.id, householdId, month });
    expect(both.split.method).toBe("income");
    expect(both.chosenMethod).toBe("income");
    expect(both.split.payments).toEqual([{ fromUserId: pieter.id, toUserId: sanne.id, amountMinor: 250_00 }]);
  });

  it("applies a method changed mid-month to the whole unsettled month, and never reopens a settled one", async () => {
    const { sanne, pieter, householdId, add } = await couple();
    await add(sanne.id, [
      income(3000_00),
      shared(400_00, "2026-03-02"),
      income(3000_00, "2026-02-01"),
      shared(400_00, "2026-02-02"),
    ]);
    await add(pieter.id, [income(1000_00), income(1000_00, "2026-02-01")]);
    expect(await markMonthSettled({ userId: sanne.id, householdId, month: "2026-02" })).toMatchObject({ ok: true });

    await setShareMethod({ userId: pieter.id, householdId, method: "income", percents: {} });
    await add(sanne.id, [shared(400_00, "2026-03-20")]);
    const march = await getSettleUp({ userId: sanne.id, householdId, month });
    // 800 € split 3:1 over the whole month, both the expense before the change and the one after.
    expect(march.split.payments).toEqual([{ fromUserId: pieter.id, toUserId: sanne.id, amountMinor: 200_00 }]);
    const february = await getSettleUp({ userId: sanne.id, householdId, month: "2026-02" });
    expect(february.settled).toBe(true);
    expect(february.split.method).toBe("equal");
    expect(february.split.payments).toEqual([]);
  });

  it("records a settlement after which the month is zero for both, with the history newest first", async () => {
    const { sanne, pieter, householdId, add } = await couple();
    await add(sanne.id, [shared(346_90)]);
    await add(pieter.id, [shared(100_00), shared(80_00, "2026-01-15")]);
    expect(await markMonthSettled({ userId: pieter.id, householdId, month })).toMatchObject({
      ok: true,
      payments: [{ fromUserId: pieter.id, toUserId: sanne.id, amountMinor: 123_45 }],
    });
    for (const userId of [sanne.id, pieter.id]) {
      const view = await getSettleUp({ userId, householdId, month });
      expect(view.split.payments).toEqual([]);
      expect(Object.values(balances(view))).toEqual([0, 0]);
    }
    expect(await markMonthSettled({ userId: sanne.id, householdId, month })).toEqual({
      ok: false,
      fieldErrors: { form: "sharing:errors.nothingToSettle" },
    });
    await markMonthSettled({ userId: sanne.id, householdId, month: "2026-01" });
    // A new shared expense after settling opens only the difference.
    await add(sanne.id, [shared(10_00, "2026-03-30")]);
    const after = await getSettleUp({ userId: sanne.id, householdId, month });
    expect(after.split.payments).toEqual([{ fromUserId: pieter.id, toUserId: sanne.id, amountMinor: 5_00 }]);
    expect(after.history.map((entry) => [entry.month, entry.fromName, entry.toName, entry.amountMinor])).toEqual([
      ["2026-03", "Pieter", "Sanne", 123_45],
      ["2026-01", "Sanne", "Pieter", 40_00],
    ]);
  });

  it("records nothing when the confirmed amount is no longer what is owed", async () => {
    const { sanne, pieter, householdId, add } = await couple();
    await add(sanne.id, [shared(346_90)]);
    await add(pieter.id, [shared(100_00)]);
    // Pieter confirmed 113.45 € before Sanne's 20 € bread arrived.
    await add(sanne.id, [shared(20_00)]);
    expect(await markMonthSettled({ userId: pieter.id, householdId, month, confirmedMinor: 113_45 })).toEqual({
      ok: false,
      fieldErrors: { form: "sharing:errors.balanceChanged" },
    });
    expect((await getSettleUp({ userId: sanne.id, householdId, month })).history).toEqual([]);
    expect(await markMonthSettled({ userId: pieter.id, householdId, month, confirmedMinor: 133_45 })).toMatchObject({
      ok: true,
    });
  });

  it("lets the member who settled undo it within a month, and nobody else", async () => {
    const { sanne, pieter, householdId, add } = await couple();
    await add(sanne.id, [shared(246_90)]);
    const settled = await markMonthSettled({ userId: pieter.id, householdId, month, confirmedMinor: 123_45 });
    if (!settled.ok) throw new Error("not settled");
    const [settlementId = ""] = settled.settlementIds;
    const unavailable = { ok: false, fieldErrors: { form: "sharing:errors.undoUnavailable" } };

    // Pieter sees the way back with its deadline; Sanne, who did not record it, does not, and is refused.
    const byPieter = await getSettleUp({ userId: pieter.id, householdId, month });
    const deadline = Date.parse(byPieter.history[0]?.undoUntil ?? "");
    expect(deadline - Date.now()).toBeGreaterThan(30 * 24 * 60 * 60 * 1000);
    expect((await getSettleUp({ userId: sanne.id, householdId, month })).history[0]?.undoUntil).toBeNull();
    expect(await undoSettlement({ userId: sanne.id, householdId, settlementId })).toEqual(unavailable);
    // Another household's member cannot reach it at all.
    const stranger = await couple();
    await expect(undoSettlement({ userId: stranger.sanne.id, householdId, settlementId })).rejects.toBeInstanceOf(
      HouseholdAccessError,
    );
    expect(
      await undoSettlement({ userId: stranger.sanne.id, householdId: stranger.householdId, settlementId }),
    ).toEqual(unavailable);

    expect(await undoSettlement({ userId: pieter.id, householdId, settlementId })).toEqual({
      ok: true,
      month,
      amountMinor: 123_45,
    });
    const undone = await getSettleUp({ userId: sanne.id, householdId, month });
    expect(undone.settled).toBe(false);
    expect(undone.split.payments).toEqual([{ fromUserId: pieter.id, toUserId: sanne.id, amountMinor: 123_45 }]);
    expect(await undoSettlement({ userId: pieter.id, householdId, settlementId })).toEqual(unavailable);

    // Settled again and 32 days old: it stays.
    const again = await markMonthSettled({ userId: pieter.id, householdId, month, confirmedMinor: 123_45 });
    if (!again.ok) throw new Error("not settled");
    await db()
      .update(settlement)
      .set({ createdAt: new Date(Date.now() - 32 * 24 * 60 * 60 * 1000) })
      .where(eq(settlement.householdId, householdId));
    expect((await getSettleUp({ userId: pieter.id, householdId, month })).history[0]?.undoUntil).toBeNull();
    expect(
      await undoSettlement({ userId: pieter.id, householdId, settlementId: again.settlementIds[0] ?? "" }),
    ).toEqual(unavailable);
  });

  it("explains a settled month that later entries opened again", async () => {
    const { sanne, pieter, householdId, add } = await couple();
    await add(sanne.id, [shared(246_90)]);
    await markMonthSettled({ userId: pieter.id, householdId, month });
    expect((await getSettleUp({ userId: sanne.id, householdId, month })).reopened).toBeNull();
    await add(sanne.id, [shared(10_00, "2026-03-28"), shared(4_00, "2026-03-29")]);
    const reopened = await getSettleUp({ userId: sanne.id, householdId, month });
    expect(reopened.split.payments).toEqual([{ fromUserId: pieter.id, toUserId: sanne.id, amountMinor: 7_00 }]);
    expect(reopened.reopened).toMatchObject({
      fromName: "Pieter",
      toName: "Sanne",
      amountMinor: 123_45,
      changedEntries: 2,
    });
  });

  it("settles once when both members press at the same time", async () => {
    const { sanne, pieter, householdId, add } = await couple();
    await add(sanne.id, [shared(100_00)]);
    const results = await Promise.all([
      markMonthSettled({ userId: sanne.id, householdId, month }),
      markMonthSettled({ userId: pieter.id, householdId, month }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await getSettleUp({ userId: sanne.id, householdId, month })).history).toHaveLength(1);
  });

  it("lets the owner and an editing partner settle and change the method; a partner who only looks cannot; a stranger finds nothing", async () => {
    const viewer = await couple({ partnerEdits: false });
    await viewer.add(viewer.sanne.id, [shared(100_00)]);
    await expect(
      markMonthSettled({ userId: viewer.pieter.id, householdId: viewer.householdId, month }),
    ).rejects.toEqual(new HouseholdAccessError("readOnly"));
    await expect(
      setShareMethod({ userId: viewer.pieter.id, householdId: viewer.householdId, method: "income", percents: {} }),
    ).rejects.toEqual(new HouseholdAccessError("readOnly"));
    const seen = await getSettleUp({ userId: viewer.pieter.id, householdId: viewer.householdId, month });
    expect(seen.canWrite).toBe(false);
    expect(seen.split.payments).toHaveLength(1);

    const stranger = await seedUser({ name: "Stranger" });
    await expect(getSettleUp({ userId: stranger.id, householdId: viewer.householdId, month })).rejects.toEqual(
      new HouseholdAccessError("notFound"),
    );
    await expect(markMonthSettled({ userId: stranger.id, householdId: viewer.householdId, month })).rejects.toEqual(
      new HouseholdAccessError("notFound"),
    );
    await expect(
      setShareMethod({ userId: stranger.id, householdId: viewer.householdId, method: "equal", percents: {} }),
    ).rejects.toEqual(new HouseholdAccessError("notFound"));

    const editor = await couple();
    await editor.add(editor.sanne.id, [shared(100_00)]);
    expect(
      await setShareMethod({
        userId: editor.pieter.id,
        householdId: editor.householdId,
        method: "equal",
        percents: {},
      }),
    ).toEqual({ ok: true });
    expect(await markMonthSettled({ userId: editor.pieter.id, householdId: editor.householdId, month })).toMatchObject({
      ok: true,
    });
  });

  it("refuses fixed percents that are missing or do not add up to 100", async () => {
    const { sanne, pieter, householdId } = await couple();
    expect(
      await setShareMethod({
        userId: sanne.id,
        householdId,
        method: "fixed",
        percents: { [sanne.id]: 60, [pieter.id]: 50 },
      }),
    ).toEqual({ ok: false, fieldErrors: { percent: "sharing:errors.percentSum" } });
    expect(
      await setShareMethod({ userId: sanne.id, householdId, method: "fixed", percents: { [sanne.id]: 100 } }),
    ).toEqual({ ok: false, fieldErrors: { percent: "sharing:errors.percentInvalid" } });
    expect(
      await setShareMethod({
        userId: sanne.id,
        householdId,
        method: "fixed",
        percents: { [sanne.id]: 60, [pieter.id]: Number.NaN },
      }),
    ).toEqual({ ok: false, fieldErrors: { percent: "sharing:errors.percentInvalid" } });
    expect((await getSettleUp({ userId: sanne.id, householdId, month })).chosenMethod).toBe("equal");
  });
});

describe("asking to settle up", () => {
  const requests = async (userId: string) =>
    (await listNotifications({ userId })).items
      .filter((item) => item.kind === "settleUpRequested")
      .map((item) => item.payload);

  it("tells the other member the month and the sentence once per month, never the one who asks; a partner who only looks may ask", async () => {
    const { sanne, pieter, householdId, add } = await couple({ partnerEdits: false });
    await add(sanne.id, [shared(346_90)]);
    await add(pieter.id, [shared(100_00)]);
    expect(await requestSettleUp({ userId: pieter.id, householdId, month })).toEqual({ ok: true, asked: true });
    expect(await requests(sanne.id)).toEqual([
      { name: "Pieter", month, fromName: "Pieter", toName: "Sanne", amountMinor: 123_45 },
    ]);
    expect(await requests(pieter.id)).toEqual([]);

    // Asking again the same month tells nobody twice; another month is another request.
    expect(await requestSettleUp({ userId: pieter.id, householdId, month })).toEqual({ ok: true, asked: false });
    await add(sanne.id, [shared(10_00, "2026-04-02")]);
    expect(await requestSettleUp({ userId: pieter.id, householdId, month: "2026-04" })).toEqual({
      ok: true,
      asked: true,
    });
    expect(await requests(sanne.id)).toHaveLength(2);
    // The owner may ask too, and only Pieter hears of it.
    expect(await requestSettleUp({ userId: sanne.id, householdId, month })).toEqual({ ok: true, asked: true });
    expect(await requests(pieter.id)).toHaveLength(1);
    expect(await requests(sanne.id)).toHaveLength(2);
  });

  it("has nothing to ask for a settled month, and a stranger finds nothing", async () => {
    const { sanne, householdId, add } = await couple();
    await add(sanne.id, [shared(100_00)]);
    await markMonthSettled({ userId: sanne.id, householdId, month });
    expect(await requestSettleUp({ userId: sanne.id, householdId, month })).toEqual({
      ok: false,
      fieldErrors: { form: "sharing:errors.nothingToSettle" },
    });
    const stranger = await seedUser();
    await expect(requestSettleUp({ userId: stranger.id, householdId, month })).rejects.toEqual(
      new HouseholdAccessError("notFound"),
    );
  });
});

describe("fair share is premium", () => {
  it("refuses the page, settling, the method, asking and the alert amount on the free plan; the settlement history stays readable", async () => {
    const { owner: sanne, household } = await seedHousehold({ name: "Sanne" });
    const householdId = household.id;
    const premiumRequired = { ok: false, fieldErrors: { form: "sharing:errors.premiumRequired" } };
    expect(await readSettleUp({ userId: sanne.id, householdId, month })).toEqual({
      ok: false,
      error: "premiumRequired",
    });
    expect(await markMonthSettled({ userId: sanne.id, householdId, month })).toEqual(premiumRequired);
    expect(await setShareMethod({ userId: sanne.id, householdId, method: "income", percents: {} })).toEqual(
      premiumRequired,
    );
    expect(await requestSettleUp({ userId: sanne.id, householdId, month })).toEqual(premiumRequired);
    expect(await setSharedAlert({ userId: sanne.id, householdId, amountMinor: 100_00 })).toEqual(premiumRequired);
    expect(await listSettlements({ userId: sanne.id, householdId })).toEqual([]);
  });

  it("a partner who only looks cannot set the alert amount", async () => {
    const { pieter, householdId } = await couple({ partnerEdits: false });
    await expect(setSharedAlert({ userId: pieter.id, householdId, amountMinor: 100_00 })).rejects.toEqual(
      new HouseholdAccessError("readOnly"),
    );
    expect((await getSettleUp({ userId: pieter.id, householdId, month })).sharedAlertMinor).toBeNull();
  });
});

describe("settle up reads lines (decision 0018)", () => {
  const groceries = builtInCategory("groceries").id;
  const health = builtInCategory("health").id;

  /** A split expense through the one writer: its lines add up to it; the entry's own sharing is its first line's. */
  async function split(
    householdId: string,
    paidBy: string,
    lines: { amountMinor: number; shared: boolean; memberUserId?: string; categoryId?: string }[],
  ) {
    const amountMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
    await insertEntries(db(), [
      {
        householdId,
        accountId: await everydayAccountId(householdId),
        kind: "expense",
        amountMinor,
        occurredOn: "2026-03-12",
        description: "Supermarket",
        categoryId: lines[0]?.categoryId ?? groceries,
        createdBy: paidBy,
        shared: lines[0]?.shared,
        lines: lines.map((line) => ({ categoryId: groceries, ...line })),
      },
    ]);
  }

  it("counts a split's shared lines as shared, and has a member owe the payer their whole personal line", async () => {
    const { sanne, pieter, householdId } = await couple();
    // Sanne pays 100: 80 for both, 15 of Pieter's own, 5 of her own.
    await split(householdId, sanne.id, [
      { amountMinor: 80_00, shared: true },
      { amountMinor: 15_00, shared: false, memberUserId: pieter.id, categoryId: health },
      { amountMinor: 5_00, shared: false },
    ]);
    const view = await getSettleUp({ userId: sanne.id, householdId, month });
    expect(view.split.totalMinor).toBe(80_00);
    // Half of 80, and all of his 15.
    expect(view.split.payments).toEqual([{ fromUserId: pieter.id, toUserId: sanne.id, amountMinor: 55_00 }]);
    expect(view.split.members.map((member) => [member.paidMinor, member.shareMinor, member.personalMinor])).toEqual([
      [80_00, 40_00, 15_00],
      [0, 40_00, -15_00],
    ]);
  });

  it("counts the shared line of an entry that starts personal, and leaves the payer's own line out", async () => {
    const { sanne, pieter, householdId, add } = await couple();
    await add(sanne.id, [shared(20_00)]);
    await split(householdId, pieter.id, [
      { amountMinor: 30_00, shared: false },
      { amountMinor: 60_00, shared: true },
    ]);
    const view = await getSettleUp({ userId: sanne.id, householdId, month });
    expect(view.split.totalMinor).toBe(80_00);
    expect(view.split.payments).toEqual([{ fromUserId: sanne.id, toUserId: pieter.id, amountMinor: 20_00 }]);
    expect(balances(view)).toEqual({ [sanne.id]: -20_00, [pieter.id]: 20_00 });
  });

  it("settles the personal lines too, so a settled month owes nothing", async () => {
    const { sanne, pieter, householdId } = await couple();
    await split(householdId, pieter.id, [
      { amountMinor: 10_00, shared: true },
      { amountMinor: 7_00, shared: false, memberUserId: sanne.id },
    ]);
    const settled = await markMonthSettled({ userId: pieter.id, householdId, month });
    expect(settled).toMatchObject({
      ok: true,
      payments: [{ fromUserId: sanne.id, toUserId: pieter.id, amountMinor: 12_00 }],
    });
    const view = await getSettleUp({ userId: sanne.id, householdId, month });
    expect(view.split.payments).toEqual([]);
  });
});
