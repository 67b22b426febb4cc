import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { user } from "~/db/schema";
import { useTestDatabase } from "~/db/test-database";
import { signUpWithPassword } from "~/features/auth/account.server";
import { canCreateArticles, setCreator } from "~/features/auth/creators.server";
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
