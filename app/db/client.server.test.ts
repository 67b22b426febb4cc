import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, pingDatabase } from "./client.server";
import { user } from "./schema";
import { useTestDatabase } from "./test-database";

useTestDatabase();

describe("database", () => {
  it("is migrated and answers queries", async () => {
    expect(await pingDatabase()).toBe(true);
    await db().insert(user).values({ id: "u1", name: "Ada", email: "ada@example.com" });
    const rows = await db().select().from(user);
    expect(rows).toEqual([expect.objectContaining({ id: "u1", emailVerified: false, isCreator: false })]);
  });

  it("runs parameterised SQL only", async () => {
    const hostile = 'x\'); drop table "user"; --';
    const rows = await db().execute(sql`select ${hostile}::text as value`);
    expect((rows as unknown as { rows: { value: string }[] }).rows[0]?.value).toBe(hostile);
  });
});
