import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { memoryOutboxFor } from "~/features/mail/mailer.server";
import {
  completeTwoFactorSignIn,
  requestPasswordReset,
  resetPassword,
  signInWithPassword,
  signOut,
  signUpWithPassword,
  toFailure,
  verifyEmail,
} from "./account.server";
import { getOptionalUser } from "./session.server";

useTestDatabase();

const origin = "http://localhost:3000";

function request(path: string, cookies = ""): Request {
  return new Request(origin + path, { method: "POST", headers: cookies ? { cookie: cookies } : {} });
}

/** Turns Set-Cookie lines into a Cookie header, as a browser would. */
function cookieHeader(headers: Headers, previous = ""): string {
  const jar = new Map(
    previous
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split("=")[0], part] as const),
  );
  for (const line of headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const name = pair.split("=")[0] ?? "";
    if (/max-age=0/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

function linkFrom(email: string, kind: string): string {
  const mail = memoryOutboxFor(email)
    .filter((entry) => entry.kind === kind)
    .at(-1);
  if (!mail) throw new Error(`no ${kind} mail for ${email}`);
  return mail.links[0] as string;
}

async function waitForMail(email: string, kind: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      return linkFrom(email, kind);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return linkFrom(email, kind);
}

describe("accounts", () => {
  it("a new account must confirm its e-mail before the first sign-in; the link signs in the browser that signed up", async () => {
    const email = "ada@example.com";
    const created = await signUpWithPassword({
      request: request("/signup"),
      name: "Ada",
      email,
      password: "correct horse battery",
      language: "nl",
    });
    expect(created).toMatchObject({ ok: true });
    const signUpBrowser = cookieHeader((created as { headers: Headers }).headers);

    const early = await signInWithPassword({ request: request("/auth"), email, password: "correct horse battery" });
    expect(early).toMatchObject({ ok: false, error: { code: "EMAIL_NOT_VERIFIED" }, status: 403 });

    const link = new URL(await waitForMail(email, "verify-email"));
    expect(link.pathname).toBe("/auth/verify");
    const mail = memoryOutboxFor(email).find((entry) => entry.kind === "verify-email");
    expect(mail?.html).toContain('lang="nl"');

    const verified = await verifyEmail({
      request: request(link.pathname + link.search, signUpBrowser),
      token: link.searchParams.get("token") as string,
    });
    expect(verified).toMatchObject({ ok: true, signedIn: true });
    const cookies = cookieHeader((verified as { headers: Headers }).headers);
    const user = await getOptionalUser(new Request(origin + "/app", { headers: { cookie: cookies } }));
    expect(user).toMatchObject({ email, name: "Ada", locale: "nl", isCreator: false, twoFactorEnabled: false });

    // The link works once: a second use confirms nothing and signs nobody in, not even the same browser.
    const again = await verifyEmail({
      request: request("/auth/verify", cookieHeader((verified as { headers: Headers }).headers, signUpBrowser)),
      token: link.searchParams.get("token") as string,
    });
    expect(again).toMatchObject({ ok: true, signedIn: false });
  });

  it("a confirmation link opened in another browser confirms the address but signs nobody in (pre-verification takeover)", async () => {
    // An attacker signs up with the victim's address, a password of their own and a name meant to be read as a message.
    const victim = "victim@example.com";
    const bait = "Security team: restore your account at https://evil.example";
    const attacker = await signUpWithPassword({
      request: request("/signup"),
      name: bait,
      email: victim,
      password: "attacker knows this one",
      language: "en",
    });
    expect(attacker.ok).toBe(true);
    const mail = memoryOutboxFor(victim).find((entry) => entry.kind === "verify-email");
    expect(mail?.html).not.toContain("evil.example");
    expect(mail?.text).not.toContain("evil.example");
    expect(mail?.html).not.toContain("Security team");

    // The victim clicks the link in their own browser: confirmed, but no session, and nothing to sign in with.
    const link = new URL(await waitForMail(victim, "verify-email"));
    const opened = await verifyEmail({
      request: request(link.pathname + link.search),
      token: link.searchParams.get("token") as string,
    });
    expect(opened).toMatchObject({ ok: true, signedIn: false });
    expect((opened as { headers: Headers }).headers.getSetCookie()).toEqual([]);
    // A cookie made up by the victim's browser (or for another address) does not count either.
    const forged = await verifyEmail({
      request: request("/auth/verify", "samen_signup=forged"),
      token: link.searchParams.get("token") as string,
    });
    expect(forged).toMatchObject({ ok: true, signedIn: false });
    const { db } = await import("~/db/client.server");
    const { session, user } = await import("~/db/schema/auth");
    const { eq } = await import("drizzle-orm");
    const [account] = await db().select().from(user).where(eq(user.email, victim));
    expect(account?.emailVerified).toBe(true);
    expect(
      await db()
        .select()
        .from(session)
        .where(eq(session.userId, account?.id ?? "")),
    ).toEqual([]);
  });

  it("a wrong password is refused with the service's message, a right one opens a new session each time", async () => {
    const email = "bo@example.com";
    await signUpWithPassword({
      request: request("/signup"),
      name: "",
      email,
      password: "a quiet river bend",
      language: "en",
    });
    const link = new URL(await waitForMail(email, "verify-email"));
    await verifyEmail({ request: request("/auth/verify"), token: link.searchParams.get("token") as string });

    const wrong = await signInWithPassword({ request: request("/auth"), email, password: "not the password" });
    expect(wrong).toMatchObject({ ok: false, status: 401, error: { code: "INVALID_EMAIL_OR_PASSWORD" } });

    const first = await signInWithPassword({ request: request("/auth"), email, password: "a quiet river bend" });
    const second = await signInWithPassword({ request: request("/auth"), email, password: "a quiet river bend" });
    if (!first.ok || !second.ok) throw new Error("sign-in failed");
    expect(cookieHeader(first.headers)).not.toEqual(cookieHeader(second.headers));

    const out = await signOut({ request: request("/auth/sign-out", cookieHeader(first.headers)) });
    expect(out.ok).toBe(true);
    expect(
      await getOptionalUser(new Request(origin + "/", { headers: { cookie: cookieHeader(first.headers) } })),
    ).toBeNull();
    expect(
      await getOptionalUser(new Request(origin + "/", { headers: { cookie: cookieHeader(second.headers) } })),
    ).not.toBeNull();
  });

  it("a common password is refused at sign-up", async () => {
    const result = await signUpWithPassword({
      request: request("/signup"),
      name: "",
      email: "c@example.com",
      password: "password123",
      language: "en",
    });
    expect(result).toMatchObject({ ok: false, error: { code: "PASSWORD_TOO_COMMON" } });
  });

  it("a password reset ends every session and only the new password works", async () => {
    const email = "cy@example.com";
    await signUpWithPassword({
      request: request("/signup"),
      name: "Cy",
      email,
      password: "old password here",
      language: "de",
    });
    const verify = new URL(await waitForMail(email, "verify-email"));
    await verifyEmail({ request: request("/auth/verify"), token: verify.searchParams.get("token") as string });
    const session = await signInWithPassword({ request: request("/auth"), email, password: "old password here" });
    if (!session.ok) throw new Error("sign-in failed");
    const cookies = cookieHeader(session.headers);

    expect(await requestPasswordReset({ request: request("/forgot-password"), email })).toEqual({ ok: true });
    expect(await requestPasswordReset({ request: request("/forgot-password"), email: "nobody@example.com" })).toEqual({
      ok: true,
    });
    const reset = new URL(await waitForMail(email, "reset-password"));
    expect(reset.pathname).toBe("/reset-password");
    expect(memoryOutboxFor("nobody@example.com")).toHaveLength(0);

    const token = reset.searchParams.get("token") as string;
    expect(
      await resetPassword({ request: request("/reset-password"), token, newPassword: "brand new secret" }),
    ).toEqual({ ok: true });
    expect(await getOptionalUser(new Request(origin + "/", { headers: { cookie: cookies } }))).toBeNull();
    expect(
      await resetPassword({ request: request("/reset-password"), token, newPassword: "another new secret" }),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_TOKEN" },
    });
    expect((await signInWithPassword({ request: request("/auth"), email, password: "old password here" })).ok).toBe(
      false,
    );
    expect((await signInWithPassword({ request: request("/auth"), email, password: "brand new secret" })).ok).toBe(
      true,
    );
  });

  it("a two-factor code without a pending sign-in is refused", async () => {
    const result = await completeTwoFactorSignIn({
      request: request("/auth/two-factor"),
      code: "123456",
      method: "totp",
    });
    expect(result).toMatchObject({ ok: false, error: { code: "TWO_FACTOR_EXPIRED" } });
  });

  it("a database that cannot be reached is a 503 the form explains, with when to try again; other failures stay unexpected", () => {
    const refused = new Error("Failed query: insert into rate_limit …", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    });
    expect(toFailure(refused, "sign-in")).toEqual({
      ok: false,
      status: 503,
      error: { code: "DATABASE_UNAVAILABLE", retryAfterSeconds: 30 },
    });
    expect(toFailure(new Error("something else"), "sign-in")).toEqual({
      ok: false,
      status: 500,
      error: { code: "UNEXPECTED" },
    });
  });
});
