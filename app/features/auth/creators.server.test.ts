import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema";
import { useTestDatabase } from "~/db/test-database";
import { signUpWithPassword } from "./account.server";
import { canCreateArticles, grantConfiguredCreators, setCreator, userCommand } from "./creators.server";

process.env.CREATOR_EMAILS = "writer@example.com, Editor@Example.com";

useTestDatabase();

async function account(email: string) {
  await signUpWithPassword({ request: new Request("http://localhost:3000/signup"), name: "", email, password: "a long and calm passphrase", language: "en" });
  const [row] = await db().select().from(user).where(eq(user.email, email));
  if (!row) throw new Error("no user");
  return row;
}

describe("creators", () => {
  it("CREATOR_EMAILS makes new accounts creators at sign-up, others are not", async () => {
    const writer = await account("writer@example.com");
    const reader = await account("reader@example.com");
    expect(await canCreateArticles({ userId: writer.id })).toBe(true);
    expect(await canCreateArticles({ userId: reader.id })).toBe(false);
    expect(await canCreateArticles({ userId: "no-such-user" })).toBe(false);
    expect(await canCreateArticles({ userId: null })).toBe(false);
  });

  it("CREATOR_EMAILS grants the role to existing accounts at start-up (any case)", async () => {
    const editor = await account("editor@example.com");
    await db().update(user).set({ isCreator: false }).where(eq(user.id, editor.id));
    expect(await grantConfiguredCreators()).toBeGreaterThanOrEqual(1);
    expect(await canCreateArticles({ userId: editor.id })).toBe(true);
  });

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
});
