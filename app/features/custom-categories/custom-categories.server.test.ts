import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { categoryLabel } from "~/domain/categories";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium, seedSubscription } from "../../../db/seed/premium";
import { listCategories } from "~/features/entries/categories.server";
import { HouseholdAccessError } from "~/features/household/errors";
import { addTransaction, getTransaction } from "~/features/entries/transactions.server";
import {
  createCustomCategory,
  listCustomCategories,
  setCustomCategoryArchived,
  updateCustomCategory,
} from "./custom-categories.server";
import { createCategoryForm } from "./custom-category.schema";

useTestDatabase();

const pets = { name: "Pets", color: "#2f7d5b", icon: "shapes" };

async function premiumHousehold() {
  const seeded = await seedHousehold();
  await seedPremium(seeded.household.id);
  return { ...seeded, base: { userId: seeded.owner.id, householdId: seeded.household.id } };
}

describe("a custom category edited by two people at once", () => {
  it("refuses a save based on an old version with the other person's name and colours; nothing is overwritten", async () => {
    const { base, household } = await premiumHousehold();
    const partner = await seedUser({ name: "Sanne" });
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    const editor = { userId: partner.id, householdId: household.id };
    const created = await createCustomCategory({ ...base, kind: "expense", fields: pets });
    if (!created.ok) throw new Error("not created");
    const loaded = async (session: typeof base) => (await listCustomCategories(session)).categories[0];
    const ownerSaw = await loaded(base);
    const partnerSaw = await loaded(editor);
    expect(partnerSaw?.version).toBe(ownerSaw?.version);

    const theirs = { name: "Cats", color: "#be3a6e", icon: "heart-pulse" };
    expect(
      await updateCustomCategory({
        ...editor,
        categoryId: created.categoryId,
        version: partnerSaw?.version,
        fields: theirs,
      }),
    ).toMatchObject({ ok: true });
    const stale = await updateCustomCategory({
      ...base,
      categoryId: created.categoryId,
      version: ownerSaw?.version,
      fields: { ...pets, name: "Dogs" },
    });
    const now = await loaded(base);
    expect(stale).toEqual({ conflict: "changed", current: { ...theirs, version: now?.version } });
    expect(now).toMatchObject(theirs);
    expect(
      await updateCustomCategory({
        ...base,
        categoryId: created.categoryId,
        version: now?.version,
        fields: { ...pets, name: "Dogs" },
      }),
    ).toMatchObject({ ok: true });
    expect(await loaded(editor)).toMatchObject({ name: "Dogs" });
  });
});

describe("custom categories", () => {
  it("premium: create, rename, recolour and change the icon; the name is the user's own text, never translated", async () => {
    const { base } = await premiumHousehold();
    const created = await createCustomCategory({ ...base, kind: "expense", fields: pets });
    if (!created.ok) throw new Error("not created");
    const version = (await listCustomCategories(base)).categories[0]?.version;
    expect(
      await updateCustomCategory({
        ...base,
        categoryId: created.categoryId,
        version,
        fields: { name: "salary", color: "#be3a6e", icon: "heart-pulse" },
      }),
    ).toEqual({
      ok: true,
      categoryId: created.categoryId,
    });
    const shown = (await listCategories({ householdId: base.householdId })).find(
      (item) => item.id === created.categoryId,
    );
    expect(shown).toMatchObject({ key: null, name: "salary", color: "#be3a6e", icon: "heart-pulse", archived: false });
    // Even a name that equals a built-in key is shown exactly as typed.
    expect(categoryLabel(shown as NonNullable<typeof shown>, (key) => `translated:${key}`)).toBe("salary");
  });

  it("archiving keeps the category on its entries and out of the pickers; it can come back", async () => {
    const { base } = await premiumHousehold();
    const created = await createCustomCategory({ ...base, kind: "expense", fields: pets });
    if (!created.ok) throw new Error("not created");
    const entry = await addTransaction({
      ...base,
      fields: {
        kind: "expense",
        amountMinor: 1299,
        occurredOn: "2026-11-02",
        description: "Cat food",
        categoryId: created.categoryId,
      },
    });
    if (!entry.ok) throw new Error("not added");

    expect(await setCustomCategoryArchived({ ...base, categoryId: created.categoryId, archived: true })).toMatchObject({
      ok: true,
    });
    expect((await getTransaction({ ...base, transactionId: entry.transaction.id })).categoryId).toBe(
      created.categoryId,
    );
    expect(
      (await listCategories({ householdId: base.householdId })).find((item) => item.id === created.categoryId),
    ).toMatchObject({ archived: true, name: "Pets" });
    // New entries cannot pick an archived category.
    expect(
      await addTransaction({
        ...base,
        fields: {
          kind: "expense",
          amountMinor: 100,
          occurredOn: "2026-11-03",
          description: "",
          categoryId: created.categoryId,
        },
      }),
    ).toMatchObject({
      ok: false,
    });
    const listed = await listCustomCategories(base);
    expect(listed.categories).toEqual([
      expect.objectContaining({ id: created.categoryId, archived: true, entries: 1 }),
    ]);

    expect(await setCustomCategoryArchived({ ...base, categoryId: created.categoryId, archived: false })).toMatchObject(
      { ok: true },
    );
  });

  it("refuses a duplicate name (any case), an empty or too long one, and a colour or icon outside the sets", async () => {
    const { base } = await premiumHousehold();
    await createCustomCategory({ ...base, kind: "expense", fields: pets });
    expect(await createCustomCategory({ ...base, kind: "expense", fields: { ...pets, name: "  PETS " } })).toEqual({
      ok: false,
      fieldErrors: { name: "categories.errors.nameTaken" },
    });
    // The same name for the other kind is fine.
    expect(await createCustomCategory({ ...base, kind: "income", fields: pets })).toMatchObject({ ok: true });

    const parse = (input: Record<string, string>) => createCategoryForm.safeParse(input);
    expect(parse({ kind: "expense", name: "   ", color: "#2f7d5b", icon: "shapes" }).error?.issues[0]?.message).toBe(
      "categories.errors.nameRequired",
    );
    expect(
      parse({ kind: "expense", name: "x".repeat(41), color: "#2f7d5b", icon: "shapes" }).error?.issues[0]?.message,
    ).toBe("categories.errors.nameTooLong");
    expect(parse({ kind: "expense", name: "Ok", color: "#ffffff", icon: "shapes" }).error?.issues[0]?.message).toBe(
      "categories.errors.color",
    );
    expect(parse({ kind: "expense", name: "Ok", color: "#2f7d5b", icon: "rocket" }).error?.issues[0]?.message).toBe(
      "categories.errors.icon",
    );
    expect(parse({ kind: "gift", name: "Ok", color: "#2f7d5b", icon: "shapes" }).error?.issues[0]?.message).toBe(
      "categories.errors.kind",
    );
    expect(parse({ kind: "expense", name: " Café  crème ", color: "#2f7d5b", icon: "shapes" }).data?.name).toBe(
      "Café crème",
    );
  });

  it("free: creating is refused with a message; after a downgrade the categories stay on their entries", async () => {
    const { base } = await premiumHousehold();
    const created = await createCustomCategory({ ...base, kind: "expense", fields: pets });
    if (!created.ok) throw new Error("not created");
    const entry = await addTransaction({
      ...base,
      fields: {
        kind: "expense",
        amountMinor: 500,
        occurredOn: "2026-11-02",
        description: "Vet",
        categoryId: created.categoryId,
      },
    });
    if (!entry.ok) throw new Error("not added");

    await seedSubscription({ householdId: base.householdId, plan: "free", status: "canceled" });
    expect(await createCustomCategory({ ...base, kind: "expense", fields: { ...pets, name: "Hobby" } })).toEqual({
      ok: false,
      fieldErrors: { form: "categories.errors.premiumRequired" },
    });
    expect(
      await updateCustomCategory({
        ...base,
        categoryId: created.categoryId,
        version: undefined,
        fields: { ...pets, name: "Animals" },
      }),
    ).toMatchObject({ ok: false });
    expect((await getTransaction({ ...base, transactionId: entry.transaction.id })).categoryId).toBe(
      created.categoryId,
    );
    const listed = await listCustomCategories(base);
    expect(listed).toMatchObject({ canEdit: false, premium: false });
    expect(listed.categories.map((item) => item.name)).toEqual(["Pets"]);
  });

  it("a cancelled-but-paid household still edits; a partner and a stranger cannot", async () => {
    const { owner, household } = await seedHousehold();
    await seedSubscription({ householdId: household.id, cancelAtPeriodEnd: true });
    expect(
      await createCustomCategory({ userId: owner.id, householdId: household.id, kind: "expense", fields: pets }),
    ).toMatchObject({ ok: true });
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    await expect(
      createCustomCategory({
        userId: partner.id,
        householdId: household.id,
        kind: "expense",
        fields: { ...pets, name: "Mine" },
      }),
    ).rejects.toEqual(new HouseholdAccessError("readOnly"));
    const stranger = await seedUser();
    await expect(listCustomCategories({ userId: stranger.id, householdId: household.id })).rejects.toEqual(
      new HouseholdAccessError("notFound"),
    );
    // Another household's category id is not found in this one.
    const other = await premiumHousehold();
    const theirs = await createCustomCategory({ ...other.base, kind: "expense", fields: pets });
    if (!theirs.ok) throw new Error("not created");
    expect(
      await updateCustomCategory({
        userId: owner.id,
        householdId: household.id,
        categoryId: theirs.categoryId,
        version: undefined,
        fields: pets,
      }),
    ).toEqual({
      ok: false,
      fieldErrors: { form: "categories.errors.notFound" },
    });
  });
});
