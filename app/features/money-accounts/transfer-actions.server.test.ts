import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { transfer } from "~/db/schema/money-accounts";
import { useTestDatabase } from "~/db/test-database";
import type * as SessionModule from "~/features/auth/session.server";
import { postAs } from "~/features/household/signed-in.test-helpers";
import { seedHousehold } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { parseAccountForm } from "./account.schema";
import { createAccount, setAccountArchived } from "./accounts.server";
import { everydayAccountId } from "./everyday-account.server";
import { handleTransferAction } from "./transfer-actions.server";

vi.mock("~/features/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  requireUser: (await import("~/features/household/signed-in.test-helpers")).requireSignedInUser,
}));

useTestDatabase();

describe("undo of a transfer's delete, as the account page posts it", () => {
  it("restores the server's copy and ignores any amount, account or date the browser posts", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const everyday = await everydayAccountId(household.id);
    const parsed = parseAccountForm({ name: "Savings", kind: "savings" }, "en");
    if (!parsed.ok) throw new Error("bad account form");
    const created = await createAccount({ userId: owner.id, householdId: household.id, input: parsed.value });
    if (!created.ok) throw new Error("no savings account");
    const savings = created.accountId;
    const post = (fields: Record<string, string>) =>
      handleTransferAction(
        postAs(owner, `/app/accounts/${everyday}`, { householdId: household.id, ...fields }),
        everyday,
      );

    const moved = await post({ intent: "transfer", toAccountId: savings, amount: "80", occurredOn: "2026-11-05" });
    expect(moved).toMatchObject({ init: { status: 200 }, data: { ok: true } });
    const [row] = await db().select().from(transfer).where(eq(transfer.householdId, household.id));
    if (!row) throw new Error("no transfer");
    expect(await post({ intent: "deleteTransfer", transferId: row.id })).toMatchObject({ init: { status: 200 } });
    await setAccountArchived({ userId: owner.id, householdId: household.id, accountId: savings, archived: true });

    const forged = {
      fromAccountId: savings,
      toAccountId: everyday,
      amountMinor: "99999999999",
      toAmountMinor: "99999999999",
      occurredOn: "1999-01-01",
      description: "forged",
    };
    // An id nothing was deleted under puts nothing in, whatever it posts.
    const invented = "01930000-0000-7000-8000-00000000f00d";
    expect(await post({ intent: "restoreTransfer", transferId: invented, ...forged })).toMatchObject({
      init: { status: 404 },
      data: { ok: false, fieldErrors: { form: "errors.transfer.undoGone" } },
    });
    expect(await post({ intent: "restoreTransfer", transferId: row.id, ...forged })).toMatchObject({
      init: { status: 200 },
      data: { ok: true, transfer: { id: row.id, amountMinor: 8000, occurredOn: "2026-11-05" } },
    });
    const after = await db().select().from(transfer).where(eq(transfer.householdId, household.id));
    expect(after).toEqual([row]);
  });
});
