import { db } from "~/db/client.server";
import { builtInCategory } from "~/domain/categories";
import { uuidv7 } from "~/lib/uuid";
import { insertEntries } from "~/features/entries/entry-writer.server";
import type { RuleInput } from "./rule.schema";
import { createRule } from "./rules.server";

/** A rule the test needs to exist: a refusal fails the test with the fields it named. */
export async function createRuleOrFail(base: { userId: string; householdId: string }, input: RuleInput) {
  const result = await createRule({ ...base, input });
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.ruleId;
}

/** An imported-looking entry, through the one writer: with a counterparty, as a statement leaves it. */
export async function insertEntry(
  base: { householdId: string; accountId: string },
  fields: {
    kind?: "income" | "expense";
    amountMinor?: number;
    description?: string;
    counterparty?: string | null;
    counterpartyIban?: string | null;
    categoryId?: string;
    occurredOn?: string;
    importKey?: string;
    shared?: boolean;
    payee?: { key: string; name: string };
  },
) {
  const id = uuidv7();
  const kind = fields.kind ?? "expense";
  await insertEntries(db(), [
    {
      id,
      householdId: base.householdId,
      accountId: base.accountId,
      kind,
      amountMinor: fields.amountMinor ?? 2_350,
      occurredOn: fields.occurredOn ?? "2026-11-05",
      description: fields.description ?? "Betaalautomaat",
      counterparty: fields.counterparty === undefined ? "ALBERT HEIJN 1234" : fields.counterparty,
      counterpartyIban: fields.counterpartyIban ?? null,
      categoryId: fields.categoryId ?? builtInCategory(kind === "income" ? "salary" : "other").id,
      importKey: fields.importKey ?? null,
      createdBy: null,
      shared: fields.shared ?? false,
      ...(fields.payee ? { payee: fields.payee } : {}),
    },
  ]);
  return id;
}
