import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { user } from "~/db/schema";
import { useTestDatabase } from "~/db/test-database";
import { signUpWithPassword } from "~/features/auth/account.server";
import { canCreateArticles, setCreator } from "~/features/auth/creators.server";
import { cancelPremium, getBillingOverview } from "~/features/billing/subscription.server";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { seedHousehold } from "../db/seed/budget";
import { backupCommand, restoreCommand, userCommand } from "./app-commands";

useTestDatabase();

async function account(email: string) {
  await signUpWithPassword({
    request: new Request("http://localhost:3000/signup"),
    name: "",
    email,
    password: "a long and calm passphrase",
    language: "en",
  });
  const [row] = await db().select().from(user).where(eq(user.email, email));
  if (!row) throw new Error("no user");
  return row;
}

describe("command-line tasks", () => {
  it("npm run user -- grant-creator / revoke-creator", async () => {
    const person = await account("person@example.com");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await userCommand(["grant-creator", "PERSON@example.com"])).toBe(0);
    expect(await canCreateArticles({ userId: person.id })).toBe(true);
    expect(await userCommand(["revoke-creator", "person@example.com"])).toBe(0);
    expect(await canCreateArticles({ userId: person.id })).toBe(false);
    expect(await userCommand(["grant-creator", "ghost@example.com"])).toBe(1);
    expect(await userCommand(["promote", "x"])).toBe(2);
    expect(await setCreator({ email: "ghost@example.com", creator: true })).toBe(false);
    log.mockRestore();
    error.mockRestore();
  });

  it("npm run user -- plan gives a household premium, until a date or with no end, and takes it back", async () => {
    const { owner, household } = await seedHousehold({ email: "owner@example.com" });
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const planOf = async () => (await requireHouseholdAccess({ userId: owner.id, householdId: household.id })).plan;
    expect(await planOf()).toBe("free");

    expect(await userCommand(["plan", "OWNER@example.com", "premium"])).toBe(0);
    expect(await planOf()).toBe("premium");
    expect(await getBillingOverview({ userId: owner.id, householdId: household.id })).toMatchObject({
      plan: "premium",
      managedBy: "operator",
      periodEnd: null,
    });
    // The household cannot cancel what it did not buy.
    expect(await cancelPremium({ userId: owner.id, householdId: household.id })).toEqual({
      ok: false,
      error: "granted",
    });

    const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;
    expect(await userCommand(["plan", "owner@example.com", "premium", "--until", nextYear])).toBe(0);
    expect(await getBillingOverview({ userId: owner.id, householdId: household.id })).toMatchObject({
      plan: "premium",
      managedBy: "operator",
      periodEnd: `${nextYear}T00:00:00.000Z`,
    });
    // A dated grant ends on its own.
    expect(
      (
        await getBillingOverview({
          userId: owner.id,
          householdId: household.id,
          now: new Date(`${nextYear}T00:00:01Z`),
        })
      ).plan,
    ).toBe("free");

    expect(await userCommand(["plan", "owner@example.com", "free"])).toBe(0);
    expect(await planOf()).toBe("free");

    for (const wrong of [
      ["plan", "owner@example.com"],
      ["plan", "owner@example.com", "gold"],
      ["plan", "owner@example.com", "premium", "--until", "30-06-2027"],
      ["plan", "owner@example.com", "free", "--until", nextYear],
      ["plan", "owner@example.com", "premium", "--until", "2001-01-01"],
    ])
      expect(await userCommand(wrong)).toBe(2);
    expect(await userCommand(["plan", "ghost@example.com", "premium"])).toBe(1);
    expect(await planOf()).toBe("free");
    log.mockRestore();
    error.mockRestore();
  });

  it("npm run backup / restore explain their arguments before touching a database", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await backupCommand(["one.tar.gz", "two.tar.gz"])).toBe(2);
    expect(await backupCommand(["--force"])).toBe(2);
    expect(await restoreCommand([])).toBe(2);
    expect(await restoreCommand(["--force"])).toBe(2);
    expect(await restoreCommand(["a.pgdump", "b.pgdump"])).toBe(2);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("Usage: npm run restore"));
    error.mockRestore();
  });
});
