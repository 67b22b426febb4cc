import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { transaction } from "~/db/schema/entries";
import { rule } from "~/db/schema/rules";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import type * as SessionModule from "~/features/auth/session.server";
import { postAs } from "~/features/household/signed-in.test-helpers";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { handleTransactionAction } from "~/features/entries/transaction-actions.server";
import { versionOf } from "~/features/platform/row-version.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { handleRuleAction } from "./rule-actions.server";
import { insertEntry } from "./test-helpers.server";
import { learningOfferFor } from "./rule-evaluation.server";

vi.mock("~/features/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  requireUser: (await import("~/features/household/signed-in.test-helpers")).requireSignedInUser,
}));

useTestDatabase();

const groceries = builtInCategory("groceries").id;
const eatingOut = builtInCategory("eatingOut").id;
const other = builtInCategory("other").id;

type User = { id: string; email: string; name: string };

/** A POST whose fields may repeat (one set of condition inputs per row), as the browser sends the rule form. */
function postRepeated(user: User, path: string, fields: [string, string][]): Request {
  const signed = postAs(user, path, {});
  return new Request(signed.url, { method: "POST", headers: signed.headers, body: new URLSearchParams(fields) });
}

const condition = (field: string, operator: string, value: string): [string, string][] => [
  ["conditionField", field],
  ["conditionOperator", operator],
  ["conditionValue", value],
  ["conditionMax", ""],
  ["conditionAccount", ""],
];

async function importedEntry(householdId: string, categoryId = other) {
  return insertEntry(
    { householdId, accountId: await everydayAccountId(householdId) },
    { description: "Pas 12", counterparty: "ALBERT HEIJN 1234", categoryId },
  );
}

describe("the Rules screen's action", () => {
  it("stores shared or personal in the rule's actions, and answers another value with its message and writes nothing", async () => {
    const { owner, household } = await seedHousehold();
    const post = (sharing: string) =>
      handleRuleAction(
        postRepeated(owner, "/app/rules", [
          ["intent", "create"],
          ["householdId", household.id],
          ...condition("counterparty", "contains", "Albert Heijn"),
          ["categoryId", ""],
          ["sharing", sharing],
        ]),
      );
    expect(await post("shared")).toMatchObject({ data: { ok: true, intent: "create" } });
    expect(await db().select({ actions: rule.actions }).from(rule).where(eq(rule.householdId, household.id))).toEqual([
      { actions: { sharing: "shared" } },
    ]);
    expect(await post("everyone")).toMatchObject({
      init: { status: 400 },
      data: { ok: false, fieldErrors: { sharing: "rules:errors.sharing" }, values: { sharing: "everyone" } },
    });
    expect(await db().select({ id: rule.id }).from(rule).where(eq(rule.householdId, household.id))).toHaveLength(1);
  });

  it("stores a split from the part rows, ignoring blank ones, and refuses parts that do not add up with what was typed", async () => {
    const { owner, household } = await seedHousehold();
    const part = (categoryId: string, by: string, value: string, sharing = ""): [string, string][] => [
      ["splitCategory", categoryId],
      ["splitBy", by],
      ["splitValue", value],
      ["splitSharing", sharing],
    ];
    const post = (parts: [string, string][]) =>
      handleRuleAction(
        postRepeated(owner, "/app/rules", [
          ["intent", "create"],
          ["householdId", household.id],
          ...condition("counterparty", "contains", "Albert Heijn"),
          ["categoryId", ""],
          ["sharing", ""],
          ...parts,
        ]),
      );
    expect(
      await post([
        ...part(groceries, "percent", "80 %", "shared"),
        ...part(eatingOut, "rest", "", "personal"),
        ...part("", "percent", ""),
      ]),
    ).toMatchObject({ data: { ok: true, intent: "create" } });
    expect(await db().select({ actions: rule.actions }).from(rule).where(eq(rule.householdId, household.id))).toEqual([
      {
        actions: {
          split: [
            { categoryId: groceries, share: { by: "percent", basisPoints: 8000 }, sharing: "shared" },
            { categoryId: eatingOut, share: { by: "rest" }, sharing: "personal" },
          ],
        },
      },
    ]);
    expect(await post([...part(groceries, "percent", "80"), ...part(eatingOut, "percent", "10")])).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        fieldErrors: { split: "rules:errors.split.percentTotal" },
        values: { split: [{ categoryId: groceries, by: "percent", value: "80" }, { value: "10" }] },
      },
    });
    expect(await post([...part(groceries, "percent", "120"), ...part(eatingOut, "rest", "")])).toMatchObject({
      data: { ok: false, fieldErrors: { split0: "rules:errors.split.percent" } },
    });
    expect(
      await post([...part(groceries, "amount", "5,00"), ...part(builtInCategory("salary").id, "rest", "")]),
    ).toMatchObject({ data: { ok: false, fieldErrors: { split: "rules:errors.split.kinds" } } });
    expect(await db().select({ id: rule.id }).from(rule).where(eq(rule.householdId, household.id))).toHaveLength(1);
  });

  it("creates a rule from the posted rows, and answers a bad pattern with its message and what was typed", async () => {
    const { owner, household } = await seedHousehold();
    const created = await handleRuleAction(
      postRepeated(owner, "/app/rules", [
        ["intent", "create"],
        ["householdId", household.id],
        ...condition("counterparty", "contains", "Albert Heijn"),
        ["categoryId", groceries],
        ["rename", ""],
      ]),
    );
    expect(created).toMatchObject({ data: { ok: true, intent: "create" } });
    const refused = await handleRuleAction(
      postRepeated(owner, "/app/rules", [
        ["intent", "create"],
        ["householdId", household.id],
        ...condition("description", "regex", "(x)\\1"),
        ["categoryId", groceries],
      ]),
    );
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        intent: "create",
        fieldErrors: { condition0: "rules:errors.pattern" },
        values: { rows: [{ field: "description", operator: "regex", value: "(x)\\1" }] },
      },
    });
    expect(await db().select({ id: rule.id }).from(rule).where(eq(rule.householdId, household.id))).toHaveLength(1);
  });

  it("learns on 'Yes, always': a script gets data, a plain form goes back where it came from", async () => {
    const { owner, household } = await seedHousehold();
    const learn = {
      intent: "learn",
      householdId: household.id,
      counterparty: "ALBERT HEIJN 1234",
      categoryId: eatingOut,
      kind: "expense",
    };
    expect(await handleRuleAction(postAs(owner, "/app/rules", { ...learn, js: "1" }))).toMatchObject({
      data: { ok: true, intent: "learn", already: false },
    });
    const thrown = await handleRuleAction(
      postAs(owner, "/app/rules", { ...learn, redirectTo: "/app/expenses?month=2026-11" }),
    ).catch((error: unknown) => error);
    if (!(thrown instanceof Response)) throw new Error("expected a redirect");
    expect(thrown.headers.get("Location")).toBe("/app/expenses?month=2026-11");
    expect(await handleRuleAction(postAs(owner, "/app/rules", { ...learn, kind: "sideways", js: "1" }))).toMatchObject({
      init: { status: 400 },
      data: { fieldErrors: { form: "errors.form.invalid" } },
    });
  });

  it("a read-only partner gets 403 with the read-only message, a stranger 404", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    const stranger = await seedUser();
    const fields: [string, string][] = [
      ["intent", "create"],
      ["householdId", household.id],
      ...condition("counterparty", "contains", "Lidl"),
      ["categoryId", groceries],
    ];
    expect(await handleRuleAction(postRepeated(partner, "/app/rules", fields))).toMatchObject({
      init: { status: 403 },
      data: { fieldErrors: { form: "errors.readOnly" } },
    });
    await expect(handleRuleAction(postRepeated(stranger, "/app/rules", fields))).rejects.toMatchObject({
      init: { status: 404 },
    });
    for (const intent of ["preview", "apply"]) {
      expect(
        await handleRuleAction(postAs(partner, "/app/rules", { intent, householdId: household.id })),
      ).toMatchObject({ init: { status: 403 } });
    }
    expect(
      await handleRuleAction(postAs(owner, "/app/rules", { intent: "preview", householdId: household.id })),
    ).toMatchObject({ data: { ok: true, intent: "preview", counts: { rows: 0 } } });
  });
});

const entryVersion = async (entryId: string) =>
  (
    await db()
      .select({ version: versionOf(transaction.updatedAt) })
      .from(transaction)
      .where(eq(transaction.id, entryId))
  )[0]?.version ?? "";

describe("after changing an imported entry's category", () => {
  it("the edit form's save ends with 'Always put … in …?' — as data for a script, instead of the redirect for a plain form", async () => {
    const { owner, household } = await seedHousehold();
    const entryId = await importedEntry(household.id);
    const update = {
      intent: "update",
      householdId: household.id,
      kind: "expense",
      amount: "23,50",
      occurredOn: "2026-11-05",
      description: "Pas 12",
      categoryId: eatingOut,
    };
    // Each save is made from the entry as it is now (its version, features/platform/row-version.server.ts).
    const save = async (fields: Record<string, string>) =>
      handleTransactionAction(
        postAs(owner, `/app/transactions/${entryId}`, { ...fields, version: await entryVersion(entryId) }),
        entryId,
        { offerToLearn: learningOfferFor },
      );
    const offer = { counterparty: "ALBERT HEIJN 1234", categoryId: eatingOut, kind: "expense" };
    expect(await save({ ...update, js: "1" })).toMatchObject({
      data: { ok: true, intent: "update", learnOffer: offer },
    });
    // Saved again with the same category: nothing changed, so nothing is asked (and a plain form goes back to the list).
    const unchanged = await save({ ...update, redirectTo: "/app/expenses?month=2026-11" }).catch(
      (error: unknown) => error,
    );
    expect(unchanged).toBeInstanceOf(Response);
    const plain = await save({ ...update, categoryId: groceries, redirectTo: "/app/expenses?month=2026-11" });
    expect(plain).toMatchObject({
      data: { ok: true, learnOffer: { ...offer, categoryId: groceries }, redirectTo: "/app/expenses?month=2026-11" },
    });
    // Once a rule puts it there, changing it back and forth to that category is not asked about again.
    await handleRuleAction(
      postAs(owner, "/app/rules", {
        intent: "learn",
        householdId: household.id,
        ...offer,
        categoryId: groceries,
        js: "1",
      }),
    );
    await save({ ...update, categoryId: other, js: "1" });
    const again = await save({ ...update, categoryId: groceries, js: "1" });
    expect(again).toMatchObject({ data: { ok: true, intent: "update" } });
    expect(again).not.toMatchObject({ data: { learnOffer: expect.anything() } });
  });
});
