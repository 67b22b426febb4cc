import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ingNlCsv } from "~/domain/statements/fixtures/ing-nl-csv";
import { db } from "~/db/client.server";
import { household as householdTable } from "~/db/schema/household";
import { moneyAccount } from "~/db/schema/money-accounts";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { addTransaction, updateTransaction, type TransactionFields } from "~/features/entries/transactions.server";
import { parseRecurringForm } from "~/features/recurring/recurring.schema";
import { createRecurring, postDueOccurrences } from "~/features/recurring/recurring.server";
import { confirmImport, createImportDraft } from "~/features/statement-import/statement-import.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { setSharedAlert } from "~/features/sharing/settle-up.server";
import { listNotifications, markNotificationsRead, notifyHouseholdMembers } from "./notifications.server";

useTestDatabase();

const groceries = builtInCategory("groceries").id;
const housing = builtInCategory("housing").id;

/** Sanne (owner) and Pieter (a partner who edits) share a premium household; shared expenses of 500 € or more tell the other. */
async function couple({ alertMinor = 500_00 as number | null, premium = true } = {}) {
  const { owner: sanne, household } = await seedHousehold({ name: "Sanne" });
  if (premium) await seedPremium(household.id);
  const pieter = await seedUser({ name: "Pieter" });
  await addPartner({ householdId: household.id, userId: pieter.id, canEdit: true });
  // Set directly: a free household cannot reach the form (the use case refuses it), yet keeps a value set while premium.
  await db().update(householdTable).set({ sharedAlertMinor: alertMinor }).where(eq(householdTable.id, household.id));
  return { sanne, pieter, householdId: household.id };
}

const expense = (
  amountMinor: number,
  description: string,
  shared: boolean,
  occurredOn = "2026-03-10",
): TransactionFields => ({
  kind: "expense",
  amountMinor,
  occurredOn,
  description,
  categoryId: groceries,
  shared,
});

async function inbox(userId: string) {
  return (await listNotifications({ userId })).items
    .filter((item) => item.kind === "sharedExpense")
    .map((item) => item.payload);
}

describe("a shared expense over the household's alert amount", () => {
  it("tells the other member once, never the one who added it, and an edit that makes an entry shared tells them too", async () => {
    const { sanne, pieter, householdId } = await couple();
    const sofa = await addTransaction({ userId: pieter.id, householdId, fields: expense(899_00, "Sofa", true) });
    if (!sofa.ok) throw new Error("not added");
    expect(await inbox(sanne.id)).toEqual([
      {
        name: "Pieter",
        description: "Sofa",
        categoryId: groceries,
        amountMinor: 899_00,
        transactionId: sofa.transaction.id,
      },
    ]);
    expect(await inbox(pieter.id)).toEqual([]);

    // Changing it again tells nobody twice; a small shared one and a big personal one tell nobody.
    await updateTransaction({
      userId: pieter.id,
      householdId,
      transactionId: sofa.transaction.id,
      version: sofa.transaction.version,
      fields: expense(950_00, "Sofa", true),
    });
    await addTransaction({ userId: pieter.id, householdId, fields: expense(499_99, "Lamp", true) });
    const bike = await addTransaction({ userId: sanne.id, householdId, fields: expense(1200_00, "Bike", false) });
    if (!bike.ok) throw new Error("not added");
    expect(await inbox(sanne.id)).toHaveLength(1);
    expect(await inbox(pieter.id)).toEqual([]);

    // Sanne makes the bike shared: Pieter hears of it, Sanne does not.
    await updateTransaction({
      userId: sanne.id,
      householdId,
      transactionId: bike.transaction.id,
      version: bike.transaction.version,
      fields: expense(1200_00, "Bike", true),
    });
    expect(await inbox(pieter.id)).toEqual([
      expect.objectContaining({ name: "Sanne", description: "Bike", amountMinor: 1200_00 }),
    ]);
    expect(await inbox(sanne.id)).toHaveLength(1);
  });

  it("tells nobody while the alert amount is off, or when the plan has suspended the partner", async () => {
    const off = await couple({ alertMinor: null });
    await addTransaction({
      userId: off.sanne.id,
      householdId: off.householdId,
      fields: expense(5000_00, "Kitchen", true),
    });
    expect([...(await inbox(off.sanne.id)), ...(await inbox(off.pieter.id))]).toEqual([]);

    const free = await couple({ premium: false });
    await addTransaction({
      userId: free.sanne.id,
      householdId: free.householdId,
      fields: expense(5000_00, "Kitchen", true),
    });
    expect(await inbox(free.pieter.id)).toEqual([]);
  });

  it("the owner or an editing partner sets the amount, and empty turns it off", async () => {
    const { sanne, pieter, householdId } = await couple({ alertMinor: null });
    expect(await setSharedAlert({ userId: pieter.id, householdId, amountMinor: 250_00 })).toEqual({ ok: true });
    await addTransaction({ userId: sanne.id, householdId, fields: expense(250_00, "Tickets", true) });
    expect(await inbox(pieter.id)).toHaveLength(1);
    expect(await setSharedAlert({ userId: sanne.id, householdId, amountMinor: null })).toEqual({ ok: true });
    await addTransaction({ userId: sanne.id, householdId, fields: expense(900_00, "Hotel", true) });
    expect(await inbox(pieter.id)).toHaveLength(1);
  });

  it("counts a shared expense a series posts on its own, without telling whoever set the series up", async () => {
    const { sanne, pieter, householdId } = await couple();
    // A joint Everyday account: what it posts starts out shared.
    await db()
      .update(moneyAccount)
      .set({ defaultShared: true })
      .where(eq(moneyAccount.id, await everydayAccountId(householdId)));
    const parsed = parseRecurringForm(
      {
        kind: "expense",
        categoryId: housing,
        frequency: "monthly",
        startsOn: "2026-03-01",
        day: "1",
        amount: "950",
        description: "Rent",
        autoPost: "on",
      },
      "en",
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    expect(await createRecurring({ userId: sanne.id, householdId, input: parsed.value })).toMatchObject({ ok: true });
    await postDueOccurrences({ today: "2026-04-02" });
    expect((await inbox(pieter.id)).map((payload) => [payload.name, payload.description, payload.amountMinor])).toEqual(
      [
        ["Sanne", "Rent", 950_00],
        ["Sanne", "Rent", 950_00],
      ],
    );
    expect(await inbox(sanne.id)).toEqual([]);
  });

  it("sends one summary for a statement import, not one notification per row", async () => {
    const { sanne, pieter, householdId } = await couple();
    const accountId = await everydayAccountId(householdId);
    await db().update(moneyAccount).set({ defaultShared: true }).where(eq(moneyAccount.id, accountId));
    const own = "NL91ABNA0417164300";
    const rows = [
      ["20260303", "Woonstichting", own, "NL44RABO0123456789", "IC", "Af", "1.250,00", "Incasso", "Huur maart"],
      ["20260304", "Meubelzaak", own, "", "BA", "Af", "899,00", "Betaalautomaat", "Bank"],
      ["20260305", "Garage", own, "", "BA", "Af", "600,00", "Betaalautomaat", "Onderhoud"],
      ["20260306", "Bakker", own, "", "BA", "Af", "2,50", "Betaalautomaat", "Brood"],
    ];
    const bytes = new TextEncoder().encode(ingNlCsv(rows));
    const base = { userId: sanne.id, householdId, accountId };
    const draft = await createImportDraft({ ...base, fileName: "ing.csv", bytes });
    if (!draft.ok) throw new Error("no draft");
    expect(
      await confirmImport({
        ...base,
        draftId: draft.draftId,
        choices: { skipLines: new Set(), categories: new Map() },
      }),
    ).toMatchObject({ ok: true, imported: 4 });
    expect(await inbox(pieter.id)).toEqual([{ name: "Sanne", count: 3, amountMinor: 2749_00, thresholdMinor: 500_00 }]);
    expect(await inbox(sanne.id)).toEqual([]);
  });
});

describe("the header's notifications", () => {
  it("lists the latest and counts every unread one, beyond the list and after some were read", async () => {
    const { owner, household } = await seedHousehold();
    const notify = (index: number) =>
      notifyHouseholdMembers({
        householdId: household.id,
        kind: "partnerJoined",
        payload: { name: `N${index}` },
        dedupeKey: `n${index}`,
      });
    expect(await listNotifications({ userId: owner.id })).toEqual({ unread: 0, items: [] });
    for (let index = 0; index < 4; index++) await notify(index);
    await markNotificationsRead({ userId: owner.id });
    for (let index = 4; index < 16; index++) await notify(index);
    const listed = await listNotifications({ userId: owner.id, limit: 10 });
    expect(listed.items).toHaveLength(10);
    expect(listed.unread).toBe(12);
    expect(listed.items.every((item) => !item.read)).toBe(true);
    expect(Object.keys(listed.items[0]!).sort()).toEqual([
      "createdAt",
      "householdId",
      "id",
      "kind",
      "payload",
      "read",
      "readAt",
    ]);
  });
});
