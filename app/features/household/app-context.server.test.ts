import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { useTestDatabase } from "~/db/test-database";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { forAction, forLoader } from "./app-context.server";
import { HouseholdAccessError } from "./errors";
import { requireHouseholdAccess } from "./households.server";

useTestDatabase();

describe("forLoader", () => {
  it("hands back what the work returns", async () => {
    const { owner, household } = await seedHousehold({ householdName: "Home" });
    const access = await forLoader(() => requireHouseholdAccess({ userId: owner.id, householdId: household.id }));
    expect(access.household.name).toBe("Home");
  });

  it("answers another household's data with a 404, never confirming it exists", async () => {
    const { household } = await seedHousehold();
    const stranger = await seedUser();
    await expect(
      forLoader(() => requireHouseholdAccess({ userId: stranger.id, householdId: household.id })),
    ).rejects.toMatchObject({ data: null, init: { status: 404 } });
  });

  it("answers a read-only refusal with a 403", async () => {
    await expect(forLoader(() => Promise.reject(new HouseholdAccessError("readOnly")))).rejects.toMatchObject({
      init: { status: 403 },
    });
  });

  it("lets any other error through to the error page", async () => {
    const failure = new Error("database down");
    await expect(forLoader(() => Promise.reject(failure))).rejects.toBe(failure);
  });
});

describe("forAction", () => {
  it("hands back what the work returns", async () => {
    expect(await forAction(async () => ({ ok: true }))).toEqual({ ok: true });
  });

  it("answers a stranger's write with a 404", async () => {
    const { household } = await seedHousehold();
    const stranger = await seedUser();
    await expect(
      forAction(() => requireHouseholdAccess({ userId: stranger.id, householdId: household.id, write: true })),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("turns a read-only partner's write into a 403 with a message for the form", async () => {
    const { household } = await seedHousehold();
    await seedPremium(household.id);
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    const answer = await forAction(() =>
      requireHouseholdAccess({ userId: partner.id, householdId: household.id, write: true }),
    );
    expect(answer).toMatchObject({
      init: { status: 403 },
      data: { ok: false, fieldErrors: { form: "errors.readOnly" } },
    });
  });

  it("lets any other error through to the error page", async () => {
    const failure = new Error("database down");
    await expect(forAction(() => Promise.reject(failure))).rejects.toBe(failure);
  });

  it("turns a unique violation the database raised into a translated 409, never a 500", async () => {
    const { household } = await seedHousehold();
    const twice = () =>
      db().execute(
        sql`insert into "money_account" ("household_id", "name", "kind", "currency", "iban") values (${household.id}, 'Twice', 'savings', 'EUR', 'NL91ABNA0417164300')`,
      );
    await twice();
    const answer = await forAction(twice);
    expect(answer).toMatchObject({
      init: { status: 409 },
      data: { ok: false, fieldErrors: { form: "errors.conflict.duplicate" } },
    });
  });
});
