import { describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import type * as SessionModule from "~/features/auth/session.server";
import { postAs } from "~/features/household/signed-in.test-helpers";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { handleAccountAction } from "./account-actions.server";
import { listAccounts } from "./accounts.server";

vi.mock("~/features/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  requireUser: (await import("~/features/household/signed-in.test-helpers")).requireSignedInUser,
}));

useTestDatabase();

const post = (user: { id: string; email: string; name: string }, fields: Record<string, string>) =>
  postAs(user, "/app/accounts", fields);
const savings = {
  name: "Savings",
  kind: "savings",
  iban: "NL02 ABNA 0123 4567 89",
  openingBalance: "1000.00",
  openingOn: "2026-01-01",
};

describe("an account edited by two people at once", () => {
  it("refuses the save based on an old version with 409 and the other person's values; nothing is overwritten", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const partner = await seedUser({ name: "Sanne" });
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    await handleAccountAction(post(owner, { intent: "create", householdId: household.id, ...savings }));
    const savingsOf = async (userId: string) =>
      (await listAccounts({ userId, householdId: household.id })).find((account) => !account.isEveryday);
    const ownerSaw = await savingsOf(owner.id);
    const partnerSaw = await savingsOf(partner.id);
    const accountId = ownerSaw?.id ?? "";
    expect(partnerSaw?.version).toBe(ownerSaw?.version);

    const theirs = await handleAccountAction(
      post(partner, {
        intent: "update",
        householdId: household.id,
        accountId,
        version: partnerSaw?.version ?? "",
        ...savings,
        name: "Holiday pot",
      }),
    );
    expect(theirs).toMatchObject({ init: { status: 200 }, data: { ok: true } });
    const mine = await handleAccountAction(
      post(owner, {
        intent: "update",
        householdId: household.id,
        accountId,
        version: ownerSaw?.version ?? "",
        ...savings,
        name: "Rainy day",
      }),
    );
    const now = await savingsOf(owner.id);
    expect(mine).toMatchObject({
      init: { status: 409 },
      data: {
        ok: false,
        fieldErrors: { form: "conflict.changed" },
        values: { name: "Rainy day" },
        current: { name: "Holiday pot", openingBalanceMinor: 100_000, version: now?.version },
      },
    });
    expect(now?.name).toBe("Holiday pot");

    // Without a version (an old page, a hand-made request) the save is never last-write-wins either.
    expect(
      await handleAccountAction(
        post(owner, { intent: "update", householdId: household.id, accountId, ...savings, name: "Rainy day" }),
      ),
    ).toMatchObject({ init: { status: 409 } });
    // "Save mine anyway" posts the version the conflict showed.
    expect(
      await handleAccountAction(
        post(owner, {
          intent: "update",
          householdId: household.id,
          accountId,
          version: now?.version ?? "",
          ...savings,
          name: "Rainy day",
        }),
      ),
    ).toMatchObject({
      init: { status: 200 },
    });
    expect((await savingsOf(partner.id))?.name).toBe("Rainy day");
  });
});

describe("handleAccountAction", () => {
  it("adds a premium household's savings account, then edits, archives and brings it back", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const created = await handleAccountAction(post(owner, { intent: "create", householdId: household.id, ...savings }));
    expect(created).toMatchObject({
      init: { status: 200 },
      data: { ok: true, intent: "create", accountId: expect.any(String) },
    });
    const loaded = (await listAccounts({ userId: owner.id, householdId: household.id })).find(
      (account) => !account.isEveryday,
    );
    const accountId = loaded?.id ?? "";
    expect(
      await handleAccountAction(
        post(owner, {
          intent: "update",
          householdId: household.id,
          accountId,
          version: loaded?.version ?? "",
          ...savings,
          name: "Rainy day",
        }),
      ),
    ).toMatchObject({
      data: { ok: true },
    });
    expect(
      await handleAccountAction(post(owner, { intent: "archive", householdId: household.id, accountId })),
    ).toMatchObject({ data: { ok: true } });
    expect(await listAccounts({ userId: owner.id, householdId: household.id })).toContainEqual(
      expect.objectContaining({
        id: accountId,
        name: "Rainy day",
        iban: "NL02ABNA0123456789",
        openingBalanceMinor: 100_000,
        archived: true,
      }),
    );
    expect(
      await handleAccountAction(post(owner, { intent: "unarchive", householdId: household.id, accountId })),
    ).toMatchObject({ data: { ok: true } });
  });

  it("answers an invalid IBAN beside its field and posts the typed values back", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const answer = await handleAccountAction(
      post(owner, { intent: "create", householdId: household.id, ...savings, iban: "NL00 ABNA 0123 4567 89" }),
    );
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        fieldErrors: { iban: "errors.iban.invalid" },
        values: { iban: "NL00 ABNA 0123 4567 89", name: "Savings" },
      },
    });
  });

  it("keeps the free plan to the Everyday and one savings account, and the Everyday account open", async () => {
    const { owner, household } = await seedHousehold();
    expect(
      await handleAccountAction(post(owner, { intent: "create", householdId: household.id, ...savings, kind: "cash" })),
    ).toMatchObject({
      init: { status: 400 },
      data: { fieldErrors: { form: "errors.accounts.limit" } },
    });
    expect(
      await handleAccountAction(post(owner, { intent: "create", householdId: household.id, ...savings })),
    ).toMatchObject({ data: { ok: true } });
    expect(
      await handleAccountAction(
        post(owner, { intent: "create", householdId: household.id, ...savings, iban: "", name: "More" }),
      ),
    ).toMatchObject({
      init: { status: 400 },
      data: { fieldErrors: { form: "errors.accounts.limit" } },
    });
    const [everyday] = await listAccounts({ userId: owner.id, householdId: household.id });
    expect(
      await handleAccountAction(
        post(owner, { intent: "archive", householdId: household.id, accountId: everyday?.id ?? "" }),
      ),
    ).toMatchObject({
      data: { ok: false, fieldErrors: { form: "errors.accounts.everydayStays" } },
    });
  });

  it("refuses a read-only partner and does not show a stranger the household", async () => {
    const { household } = await seedHousehold();
    await seedPremium(household.id);
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    expect(
      await handleAccountAction(post(partner, { intent: "create", householdId: household.id, ...savings })),
    ).toMatchObject({ init: { status: 403 }, data: { fieldErrors: { form: "errors.readOnly" } } });
    const stranger = await seedUser();
    await expect(
      handleAccountAction(post(stranger, { intent: "create", householdId: household.id, ...savings })),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});
