import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { household } from "~/db/schema/household";
import { moneyAccount, accountMonthTotal } from "~/db/schema/money-accounts";
import { goal, goalContribution } from "~/db/schema/goals";
import { notification } from "~/db/schema/household";
import { rowsOf } from "~/db/rows.server";
import { useTestDatabase } from "~/db/test-database";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";

useTestDatabase();

/**
 * Tables whose rows no kept page shows (decision 0030), so a write to them moves no household's revision, each with
 * its reason. Every other table must carry the three revision triggers of migration 0034: a new table fails here
 * until it does, or until it is listed with a reason.
 */
const notShownOnKeptPages: Record<string, string> = {
  session: "sessions show on settings/security only, which is never kept; a revoked session signs out before any key",
  account: "passwords and sign-in providers: settings/security only",
  verification: "e-mail and reset tokens",
  two_factor: "two-factor secrets: settings/security only (whether it is on is the user row's)",
  rate_limit: "counters of the rate limits",
  billing_event: "the payment provider's webhook log; the plan itself is the subscription row",
  blog_post: "the blog, not the budget tool",
  translation_job: "the blog's translation queue",
  mail_outbox: "mail waiting for SMTP",
  background_lease: "which process runs a background job",
  exchange_rate: "read into each process's rate table, whose own revision is part of the key",
  known_device: "hashes of the devices a person signed in from, for the new-device mail; no page shows them",
  deleted_transfer: "undo copies of deleted transfers; no page shows them, and an undo writes the transfer itself",
};

async function revisionOf(householdId: string): Promise<number> {
  const [row] = await db()
    .select({ revision: household.revision })
    .from(household)
    .where(eq(household.id, householdId));
  return row?.revision ?? Number.NaN;
}

describe("a household's revision", () => {
  it("is moved by triggers on every table but those listed with a reason", async () => {
    const tables = await db().execute(sql`
      select c.relname as "table",
        (select count(*)::int from pg_trigger t join pg_proc p on p.oid = t.tgfoid
          where t.tgrelid = c.oid and not t.tgisinternal and p.proname like 'household_revision%') as "triggers"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    const rows = rowsOf<{ table: string; triggers: number }>(tables);
    const uncovered = rows
      .filter((row) => !(row.table in notShownOnKeptPages))
      .filter((row) => row.triggers !== (row.table === "household" ? 1 : 3))
      .map((row) => row.table);
    expect(uncovered).toEqual([]);
    // Every listed table exists: a renamed one would leave its new name unchecked.
    const names = new Set(rows.map((row) => row.table));
    expect(Object.keys(notShownOnKeptPages).filter((name) => !names.has(name))).toEqual([]);
  });

  it("moves with the household's own rows, its children's, its members' and a rename", async () => {
    const { owner, household: home } = await seedHousehold({ name: "Home" });
    const partner = await seedUser({ name: "Partner" });
    const other = await seedHousehold({ name: "Elsewhere" });
    let before = await revisionOf(home.id);
    const moved = async (what: string) => {
      const now = await revisionOf(home.id);
      expect(now, what).toBeGreaterThan(before);
      before = now;
    };

    await addPartner({ householdId: home.id, userId: partner.id, canEdit: true });
    await moved("a member joined");
    await db().update(household).set({ name: "Our home" }).where(eq(household.id, home.id));
    await moved("renamed");
    const [saving] = await db()
      .insert(goal)
      .values({ householdId: home.id, name: "Holiday", targetMinor: 100_000 })
      .returning({ id: goal.id });
    await moved("a goal");
    await db().insert(goalContribution).values({ goalId: saving!.id, amountMinor: 1_000, occurredOn: "2026-11-20" });
    await moved("a goal's contribution, which names only its goal");
    const [everyday] = await db()
      .select({ id: moneyAccount.id })
      .from(moneyAccount)
      .where(eq(moneyAccount.householdId, home.id))
      .limit(1);
    if (everyday) {
      await db().delete(accountMonthTotal).where(eq(accountMonthTotal.accountId, everyday.id));
      await db()
        .insert(accountMonthTotal)
        .values({ accountId: everyday.id, month: "2026-11-01", netMinor: 0 })
        .onConflictDoNothing();
      await moved("an account's month total, which names only its account");
    }
    await db().update(user).set({ name: "Partner Renamed" }).where(eq(user.id, partner.id));
    await moved("a member's name");
    await db().insert(notification).values({ userId: owner.id, kind: "partnerJoined", payload: {}, dedupeKey: "x" });
    await moved("a notification for a member");

    // Another household's writes leave this one's revision where it is.
    await db().update(household).set({ name: "Still elsewhere" }).where(eq(household.id, other.household.id));
    expect(await revisionOf(home.id)).toBe(before);
  });
});
