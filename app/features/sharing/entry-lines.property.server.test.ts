import fc from "fast-check";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { monthEnd, monthStart, type MonthKey } from "~/domain/periods";
import { insertEntries, type NewEntry } from "~/features/entries/entry-writer.server";
import { exportTransactionsCsv } from "~/features/exports/transactions-csv.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { getSettleUp } from "./settle-up.server";

useTestDatabase();

// Decision 0018: whatever the splits, every line counts once. Settle up's shared total is the sum of the shared
// expense lines, each member owes the other exactly the personal lines the other paid for them, and the CSV export's
// amounts add up to all the lines.

const categories = ["groceries", "health", "leisure", "salary"].map((key) => builtInCategory(key).id);

const line = fc.record({
  amountMinor: fc.integer({ min: 1, max: 20_000 }),
  shared: fc.boolean(),
  /** 0: the entry's member (null); 1: the owner; 2: the partner. */
  member: fc.nat(2),
  category: fc.nat(2),
});
const entry = fc.record({
  kind: fc.constantFrom("expense" as const, "expense" as const, "income" as const),
  /** 0: the owner paid or received it; 1: the partner. */
  payer: fc.nat(1),
  /** Entered by the payer, or by the other member naming the payer. */
  named: fc.boolean(),
  day: fc.integer({ min: 1, max: 28 }),
  lines: fc.array(line, { minLength: 1, maxLength: 4 }),
});

describe("entries' lines in settle up and the CSV export (property)", () => {
  it("counts every line once, whatever the splits", async () => {
    const { owner, household } = await seedHousehold({ name: "Sanne" });
    await seedPremium(household.id);
    const partner = await seedUser({ name: "Pieter" });
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    const householdId = household.id;
    const accountId = await everydayAccountId(householdId);
    const people = [owner.id, partner.id];
    // Every run has a month of its own in the one household.
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 8 }), async (entries) => {
        run += 1;
        const month = `${2000 + Math.floor(run / 12)}-${String((run % 12) + 1).padStart(2, "0")}` as MonthKey;
        let sharedMinor = 0;
        let allMinor = 0;
        const owed = new Map(people.map((id) => [id, 0]));
        const written: NewEntry[] = entries.map((item) => {
          const payer = people[item.payer]!;
          const lines = item.lines.map((part) => {
            const shared = item.kind === "expense" && part.shared;
            const memberUserId = part.member === 0 ? null : people[part.member - 1]!;
            if (item.kind === "expense") {
              if (shared) sharedMinor += part.amountMinor;
              else if (memberUserId !== null && memberUserId !== payer) {
                owed.set(memberUserId, owed.get(memberUserId)! - part.amountMinor);
                owed.set(payer, owed.get(payer)! + part.amountMinor);
              }
            }
            allMinor += item.kind === "expense" ? -part.amountMinor : part.amountMinor;
            return {
              categoryId: item.kind === "income" ? categories[3]! : categories[part.category]!,
              amountMinor: part.amountMinor,
              shared,
              memberUserId,
            };
          });
          return {
            householdId,
            accountId,
            kind: item.kind,
            amountMinor: lines.reduce((sum, part) => sum + part.amountMinor, 0),
            currency: "EUR",
            occurredOn: `${month}-${String(item.day).padStart(2, "0")}`,
            description: "Receipt",
            categoryId: lines[0]!.categoryId,
            createdBy: item.named ? people[1 - item.payer]! : payer,
            memberUserId: item.named ? payer : undefined,
            shared: lines[0]!.shared,
            lines,
          };
        });
        await insertEntries(db(), written);

        const view = await getSettleUp({ userId: owner.id, householdId, month });
        if (!view.ok) throw new Error("premium required");
        expect(view.split.totalMinor).toBe(sharedMinor);
        expect(Object.fromEntries(view.split.members.map((member) => [member.userId, member.personalMinor]))).toEqual(
          Object.fromEntries(owed),
        );
        expect(view.split.members.reduce((sum, member) => sum + member.balanceMinor, 0)).toBe(0);

        const csv = await exportTransactionsCsv({
          userId: partner.id,
          householdId,
          range: { from: monthStart(month), to: monthEnd(month) },
          language: "en",
          decimal: "point",
          batchSize: 3,
        });
        if (!csv.ok) throw new Error("premium required");
        const chunks: Uint8Array[] = [];
        for await (const chunk of csv.stream) chunks.push(chunk);
        const rows = (parse(Buffer.concat(chunks).toString("utf8"), { bom: true }) as string[][]).slice(1);
        expect(rows).toHaveLength(entries.reduce((sum, item) => sum + item.lines.length, 0));
        const csvMinor = rows.reduce((sum, row) => sum + Math.round(Number(row[4]) * 100), 0);
        expect(csvMinor).toBe(allMinor);
      }),
      { numRuns: 25 },
    );
  });
});
