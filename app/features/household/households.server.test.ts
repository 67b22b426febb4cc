import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { category } from "~/db/schema/entries";
import { household } from "~/db/schema/household";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategories } from "~/domain/categories";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { HouseholdAccessError } from "./errors";
import { householdName } from "./household-name";
import {
  createPersonalHousehold,
  ensurePersonalHousehold,
  listUserHouseholds,
  requireHouseholdAccess,
  updateHousehold,
} from "./households.server";

useTestDatabase();

describe("households", () => {
  it("a new account gets its own household in euro with an owner membership", async () => {
    const owner = await seedUser();
    const created = await createPersonalHousehold({ userId: owner.id });
    expect(created).toMatchObject({ name: "My budget", currency: "EUR", ownerUserId: owner.id });
    const access = await requireHouseholdAccess({ userId: owner.id, householdId: created.id, write: true });
    expect(access).toMatchObject({ role: "owner", plan: "free", canWrite: true });
  });

  it("is created lazily once, even when first visits race", async () => {
    const person = await seedUser();
    const ids = await Promise.all([1, 2, 3].map(() => ensurePersonalHousehold({ userId: person.id })));
    expect(new Set(ids).size).toBe(1);
    const owned = await db().select().from(household).where(eq(household.ownerUserId, person.id));
    expect(owned).toHaveLength(1);
  });

  it("lists the user's own household first, then the ones they are a partner in", async () => {
    const { household: theirs } = await seedHousehold({ householdName: "Family" });
    const { owner: me, household: mine } = await seedHousehold();
    // Partners see a household only while it is premium.
    await seedPremium(theirs.id);
    await addPartner({ householdId: theirs.id, userId: me.id });
    const list = await listUserHouseholds({ userId: me.id });
    expect(list.map((item) => [item.id, item.role])).toEqual([
      [mine.id, "owner"],
      [theirs.id, "partner"],
    ]);
  });

  it("names each household's owner, so an untouched default reads as theirs to the other members", async () => {
    const { owner: sanne, household: hers } = await seedHousehold({ name: "Sanne" });
    const { owner: pieter, household: his } = await seedHousehold({ name: "Pieter" });
    await seedPremium(hers.id);
    await addPartner({ householdId: hers.id, userId: pieter.id });
    const list = await listUserHouseholds({ userId: pieter.id });
    const english = (key: string, options?: { name: string }) =>
      key === "household.ownersBudget" ? `${options?.name}'s budget` : "My budget";
    expect(list.map((item) => householdName(item, english))).toEqual(["My budget", "Sanne's budget"]);
    const access = await requireHouseholdAccess({ userId: pieter.id, householdId: hers.id });
    expect(access.household).toMatchObject({ ownerUserId: sanne.id, ownerName: "Sanne" });
    // The members come with the membership, in the order they joined: the owner, then the partner.
    expect(access.members).toEqual([
      { userId: sanne.id, name: "Sanne" },
      { userId: pieter.id, name: "Pieter" },
    ]);
    expect((await requireHouseholdAccess({ userId: pieter.id, householdId: his.id })).members).toEqual([
      { userId: pieter.id, name: "Pieter" },
    ]);
    expect(householdName({ ...access.household, role: access.role }, english)).toBe("Sanne's budget");
    // A name the owner gave stays as given, for everyone.
    await updateHousehold({ userId: sanne.id, householdId: hers.id, name: "Home" });
    expect((await listUserHouseholds({ userId: pieter.id })).map((item) => householdName(item, english))).toEqual([
      "My budget",
      "Home",
    ]);
    expect(his.name).toBe("My budget");
  });

  it("a partner may read but not change the household", async () => {
    const { household: shared } = await seedHousehold();
    const partner = await seedUser();
    // Partners see a household only while it is premium.
    await seedPremium(shared.id);
    await addPartner({ householdId: shared.id, userId: partner.id });
    await expect(requireHouseholdAccess({ userId: partner.id, householdId: shared.id })).resolves.toMatchObject({
      role: "partner",
      canWrite: false,
    });
    await expect(updateHousehold({ userId: partner.id, householdId: shared.id, name: "Mine now" })).rejects.toThrow(
      new HouseholdAccessError("readOnly"),
    );
  });

  it("a partner who edits may change the money but not the household itself; on Free they no longer see it", async () => {
    const { household: shared } = await seedHousehold();
    const partner = await seedUser();
    await addPartner({ householdId: shared.id, userId: partner.id, canEdit: true });
    await seedPremium(shared.id);
    await expect(
      requireHouseholdAccess({ userId: partner.id, householdId: shared.id, write: true }),
    ).resolves.toMatchObject({ role: "partner", canWrite: true });
    await expect(
      requireHouseholdAccess({ userId: partner.id, householdId: shared.id, ownerOnly: true }),
    ).rejects.toThrow(new HouseholdAccessError("readOnly"));
    await expect(updateHousehold({ userId: partner.id, householdId: shared.id, name: "Ours now" })).rejects.toThrow(
      new HouseholdAccessError("readOnly"),
    );
    expect((await listUserHouseholds({ userId: partner.id })).find((item) => item.id === shared.id)).toMatchObject({
      role: "partner",
      canEdit: true,
    });

    const { household: lapsed } = await seedHousehold();
    await addPartner({ householdId: lapsed.id, userId: partner.id, canEdit: true });
    await expect(
      requireHouseholdAccess({ userId: partner.id, householdId: lapsed.id, write: true }),
    ).rejects.toMatchObject({ code: "notFound" });
  });

  it("another household's id answers not found, as does a malformed one", async () => {
    const { household: other } = await seedHousehold();
    const stranger = await seedUser();
    await expect(requireHouseholdAccess({ userId: stranger.id, householdId: other.id })).rejects.toMatchObject({
      code: "notFound",
    });
    await expect(requireHouseholdAccess({ userId: stranger.id, householdId: "not-a-uuid" })).rejects.toMatchObject({
      code: "notFound",
    });
  });

  it("the owner renames the household; its currency changes only by conversion", async () => {
    const { owner, household: mine } = await seedHousehold();
    await updateHousehold({ userId: owner.id, householdId: mine.id, name: "Our home" });
    const access = await requireHouseholdAccess({ userId: owner.id, householdId: mine.id });
    expect(access.household).toMatchObject({ name: "Our home", currency: "EUR" });
  });

  it("the migration's built-in categories match the domain's ids", async () => {
    const rows = await db().select({ id: category.id, key: category.key, kind: category.kind }).from(category);
    expect(rows.map((row) => `${row.id}:${row.key}:${row.kind}`).sort()).toEqual(
      builtInCategories.map((item) => `${item.id}:${item.key}:${item.kind}`).sort(),
    );
  });
});
