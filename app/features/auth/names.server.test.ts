import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { useTestDatabase } from "~/db/test-database";
import { seedUser } from "../../../db/seed/budget";
import { signInWithPassword, signUpWithPassword } from "./account.server";
import { getAuth } from "./auth.server";
import { signUpSchema } from "./auth.schema";

/**
 * Names reach mail headers and subjects (an invitation names its sender and household): no control characters,
 * line breaks and tabs included, through the sign-up form, Better Auth's own endpoints, or anything that writes the
 * user row through Better Auth.
 */

useTestDatabase();

const origin = "http://localhost:3000";
const password = "a long and quiet river";
const control = fc.oneof(
  fc.constantFrom("\r", "\n", "\r\n", "\t", "\u0000", "\u001b", "\u007f", "\u0085"),
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
);
const plain = fc.string({ maxLength: 20 }).map((text) => text.replace(/\p{Cc}/gu, ""));
const withControl = fc.tuple(plain, control, plain).map(([before, bad, after]) => `Eve${before}${bad}${after}`);

async function signedIn() {
  const person = await seedUser({ name: "Eve", password });
  const result = await signInWithPassword({
    request: new Request(`${origin}/auth`, { method: "POST" }),
    email: person.email,
    password,
  });
  if (!result.ok) throw new Error("sign-in failed");
  const cookie = result.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { person, headers: new Headers({ cookie, origin }) };
}

describe("names refuse control characters", () => {
  it("the sign-up form refuses any name holding one, with its own code", () => {
    fc.assert(
      fc.property(withControl, (name) => {
        const parsed = signUpSchema.safeParse({ name, email: "eve@example.com", password, confirmPassword: password });
        expect(parsed.error?.issues.map((issue) => issue.message)).toContain("NAME_INVALID_CHARACTERS");
      }),
      { numRuns: 300 },
    );
    expect(
      signUpSchema.safeParse({ name: " Zoë Łukasz 🙂 ", email: "eve@example.com", password, confirmPassword: password })
        .data?.name,
    ).toBe("Zoë Łukasz 🙂");
  });

  it("sign-up through Better Auth itself refuses it and creates no account", async () => {
    for (const name of ["Eve\tAdams", "Eve\nAdams"]) {
      await expect(
        getAuth().api.updateUser({ headers: (await signedIn()).headers, body: { name } }),
      ).rejects.toMatchObject({ body: { code: "NAME_INVALID_CHARACTERS" } });
    }
    const result = await signUpWithPassword({
      request: new Request(`${origin}/signup`, { method: "POST" }),
      name: "Eve\r\nBcc: all@example.com",
      email: "crlf@example.com",
      password,
      language: "en",
    });
    expect(result).toMatchObject({ ok: false, error: { code: "NAME_INVALID_CHARACTERS" } });
    expect(await db().select({ id: user.id }).from(user).where(eq(user.email, "crlf@example.com"))).toEqual([]);
  });

  it("Better Auth's update-user endpoint cannot bypass it, whatever the control character", async () => {
    const { person, headers } = await signedIn();
    await fc.assert(
      fc.asyncProperty(withControl, async (name) => {
        // A NUL or ESC meets the general text rule first (INVALID_CHARACTERS); a line break or tab the name rule.
        const refusal = await getAuth()
          .api.updateUser({ headers, body: { name } })
          .then(
            () => undefined,
            (error: unknown) => error as { statusCode?: number; body?: { code?: string } },
          );
        expect(refusal?.statusCode).toBe(400);
        expect(["NAME_INVALID_CHARACTERS", "INVALID_CHARACTERS"]).toContain(refusal?.body?.code);
      }),
      { numRuns: 25 },
    );
    const [kept] = await db().select({ name: user.name }).from(user).where(eq(user.id, person.id));
    expect(kept?.name).toBe("Eve");
    // An ordinary new name still saves.
    await getAuth().api.updateUser({ headers, body: { name: "Eve Jansen" } });
    const [renamed] = await db().select({ name: user.name }).from(user).where(eq(user.id, person.id));
    expect(renamed?.name).toBe("Eve Jansen");
  });

  it("the database hook refuses it too, for a write that comes through none of the endpoints", async () => {
    const { person } = await signedIn();
    const context = await getAuth().$context;
    await expect(context.internalAdapter.updateUser(person.id, { name: "Eve\nEvil" })).rejects.toMatchObject({
      body: { code: "NAME_INVALID_CHARACTERS" },
    });
    const [kept] = await db().select({ name: user.name }).from(user).where(eq(user.id, person.id));
    expect(kept?.name).toBe("Eve");
  });
});
