import { afterAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { seedHousehold } from "../../../db/seed/budget";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { stopWorkerPool } from "~/lib/worker-pool.server";
import { db } from "~/db/client.server";
import { previewApplyRules } from "./apply-rules.server";
import { decideImportRows, loadHouseholdRules, RulesTooCostlyError } from "./rule-evaluation.server";
import { createRuleOrFail, insertEntry } from "./test-helpers.server";

useTestDatabase();
afterAll(stopWorkerPool);

const groceries = builtInCategory("groceries").id;
const eatingOut = builtInCategory("eatingOut").id;

async function householdWithRules() {
  const { owner, household } = await seedHousehold();
  const base = { userId: owner.id, householdId: household.id };
  await createRuleOrFail(base, {
    conditions: [{ field: "description", operator: "regex", value: "^albert\\s+heijn \\d{4}" }],
    actions: { categoryId: groceries },
  });
  await createRuleOrFail(base, {
    conditions: [{ field: "counterparty", operator: "contains", value: "café" }],
    actions: { categoryId: eatingOut, rename: "Coffee" },
  });
  const access = await requireHouseholdAccess(base);
  return { access, base, accountId: await everydayAccountId(household.id), householdId: household.id };
}

const rows = Array.from({ length: 3000 }, (_, index) => ({
  amountMinor: -(100 + index),
  description: index % 3 === 0 ? `Albert Heijn ${1000 + index} Amsterdam` : `Pasvolgnr ${index}`,
  counterparty: index % 3 === 1 ? "Café Noir" : null,
}));

describe("rules matched over an import's rows", () => {
  // Issue 20: rows times patterns ran on the event loop, where no budget applies and one RE2 match cannot be stopped.
  it("are matched on a worker thread, with the outcome the entry form's matcher gives", async () => {
    const { access, accountId, householdId } = await householdWithRules();
    const decided = await decideImportRows({ executor: db(), access, accountId, rows });
    const { evaluate } = await loadHouseholdRules(db(), householdId);
    rows.forEach((row, index) => {
      const outcome = evaluate({
        kind: "expense",
        amountMinor: Math.abs(row.amountMinor),
        description: row.description,
        counterparty: row.counterparty,
        counterpartyIban: null,
        accountId,
      });
      expect(decided[index]).toMatchObject({
        categoryId: outcome.categoryId ?? expect.any(String),
        rename: outcome.rename ?? null,
      });
    });
    expect(decided.filter((decision) => decision.categorySource === "rule")).toHaveLength(2000);
    expect(decided.filter((decision) => decision.rename === "Coffee")).toHaveLength(1000);
  });

  it("stop when their time budget runs out", async () => {
    const { access, accountId } = await householdWithRules();
    await expect(decideImportRows({ executor: db(), access, accountId, rows, budgetMs: 0 })).rejects.toBeInstanceOf(
      RulesTooCostlyError,
    );
  });

  it('over existing entries ("Apply to existing") are matched on a worker thread too, and stop at their budget', async () => {
    const rulesBase = await householdWithRules();
    const { base, accountId } = { base: rulesBase.base, accountId: rulesBase.accountId };
    for (let index = 0; index < 6; index++)
      await insertEntry(
        { ...base, accountId },
        { description: index % 2 === 0 ? `Albert Heijn ${1000 + index}` : "Bakker", amountMinor: 250 },
      );
    expect(await previewApplyRules(base)).toMatchObject({ rows: 3, categories: 3 });
    await expect(previewApplyRules({ ...base, budgetMs: 0 })).rejects.toBeInstanceOf(RulesTooCostlyError);
  });
});
