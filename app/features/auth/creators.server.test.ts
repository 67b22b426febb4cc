import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { useTestDatabase } from "~/db/test-database";
import { signUpWithPassword } from "./account.server";
import { canCreateArticles, grantConfiguredCreators } from "./creators.server";

process.env.CREATOR_EMAILS = "writer@example.com, Editor@Example.com";

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
});
