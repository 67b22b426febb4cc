import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { session, user } from "~/db/schema/auth";
import { useTestDatabase } from "~/db/test-database";
import { memoryOutboxFor } from "~/features/mail/mailer.server";
import { logger } from "~/lib/logger.server";
import { runWithRequestStore } from "~/lib/request-store.server";
import { clearedSignedInCookie, signedInCookie as signedInMarker } from "~/lib/cookies.server";
import { signOut, signOutEverywhere, signUpWithPassword, verifyEmail } from "./account.server";
import { getAuth, sessionLifetimeSeconds } from "./auth.server";
import { getOptionalUser, requireUser } from "./session.server";

useTestDatabase();

const origin = "http://localhost:3000";
const day = 24 * 60 * 60 * 1000;

async function signedInCookie(email: string): Promise<string> {
  const signedUp = await signUpWithPassword({
    request: new Request(`${origin}/signup`),
    name: "",
    email,
    password: "a long and calm passphrase",
    language: "fr",
  });
  const signUpBrowser = signedUp.ok
    ? signedUp.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ")
    : "";
  for (let attempt = 0; attempt < 100; attempt++) {
    const link = memoryOutboxFor(email)[0]?.links[0];
    if (link) {
      const result = await verifyEmail({
        request: new Request(`${origin}/auth/verify`, { headers: { cookie: signUpBrowser } }),
        token: new URL(link).searchParams.get("token") as string,
      });
      if (!result.ok) throw new Error("verification failed");
      return result.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("no mail");
}

function withStore<T>(work: () => Promise<T>) {
  const cookies: string[] = [];
  return runWithRequestStore(
    {
      nonce: "n",
      requestId: "1",
      log: logger,
      clientIp: "203.0.113.7",
      appendSetCookie: (cookie) => cookies.push(cookie),
      once: new Map(),
    },
    async () => ({ result: await work(), cookies }),
  );
}

describe("sessions", () => {
  it("a session in use rolls forward to 7 days and its cookie is re-issued", async () => {
    const cookie = await signedInCookie("roll@example.com");
    const [row] = await db().select().from(session);
    if (!row) throw new Error("no session");
    // Pretend the session was opened six days ago: one day is left.
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() + day), updatedAt: new Date(Date.now() - 6 * day) })
      .where(eq(session.id, row.id));

    const { result, cookies } = await withStore(() =>
      getOptionalUser(new Request(`${origin}/`, { headers: { cookie } })),
    );
    expect(result).toMatchObject({ email: "roll@example.com", locale: "fr" });
    expect(cookies.some((line) => line.startsWith("samen.session_token=") && /Max-Age=604800/i.test(line))).toBe(true);
    const [after] = await db().select().from(session).where(eq(session.id, row.id));
    expect(after?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * day);
  });

  it("an expired session counts as signed out, and a page that needs a user redirects to sign-in with the page as redirectTo", async () => {
    const cookie = await signedInCookie("expired@example.com");
    const [owner] = await db().select().from(user).where(eq(user.email, "expired@example.com"));
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, owner?.id ?? ""));
    const request = new Request(`${origin}/app/goals.data?_routes=routes%2Fapp%2Fgoals&year=2024`, {
      headers: { cookie },
    });
    expect(await getOptionalUser(request)).toBeNull();
    const redirect = await requireUser(request).catch((thrown: Response) => thrown);
    expect((redirect as Response).headers.get("location")).toBe("/auth?redirectTo=%2Fapp%2Fgoals%3Fyear%3D2024");
  });

  it("one lookup per request however many loaders ask", async () => {
    const cookie = await signedInCookie("memo@example.com");
    const request = new Request(`${origin}/`, { headers: { cookie } });
    const lookups = vi.spyOn(getAuth().api, "getSession");
    const { result } = await withStore(async () =>
      Promise.all([getOptionalUser(request), getOptionalUser(request), requireUser(request)]),
    );
    expect(result.map((found) => found?.email)).toEqual(["memo@example.com", "memo@example.com", "memo@example.com"]);
    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockRestore();
  });

  it("a late answer to a request with a replaced cookie never clears the new cookie", async () => {
    const cookie = await signedInCookie("race@example.com");
    await db().delete(session);
    const { result, cookies } = await withStore(() =>
      getOptionalUser(new Request(`${origin}/`, { headers: { cookie } })),
    );
    expect(result).toBeNull();
    // Only the signed-in marker goes (the request carried it and is signed out): the next signed-in answer sets it
    // again. The session cookies are never touched.
    expect(cookies).toEqual([clearedSignedInCookie(false)]);
  });

  it("the signed-in marker: set for a live session that lacks it or is renewed, cleared once a request is signed out", async () => {
    const cookie = await signedInCookie("marker@example.com");
    expect(cookie).toContain("samen_signed_in=1");
    const sessionOnly = cookie
      .split("; ")
      .filter((pair) => !pair.startsWith("samen_signed_in="))
      .join("; ");
    const lookUp = (cookieHeader: string) =>
      withStore(() => getOptionalUser(new Request(`${origin}/app`, { headers: { cookie: cookieHeader } })));

    expect((await lookUp(cookie)).cookies).toEqual([]);
    const lost = await lookUp(sessionOnly);
    expect(lost.result?.email).toBe("marker@example.com");
    expect(lost.cookies).toEqual([signedInMarker(false)]);

    // A rolling refresh renews the marker with the session, for the session's whole lifetime.
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() + day), updatedAt: new Date(Date.now() - 6 * day) });
    const renewed = await lookUp(cookie);
    expect(renewed.cookies.some((line) => line.startsWith("samen.session_token="))).toBe(true);
    expect(renewed.cookies).toContain(signedInMarker(false));
    expect(signedInMarker(false)).toContain(`Max-Age=${sessionLifetimeSeconds}`);

    // Signed out with the session cookie gone: the marker is cleared once, however many loaders ask.
    const { result, cookies } = await withStore(async () => {
      const request = new Request(`${origin}/app`, { headers: { cookie: "samen_signed_in=1" } });
      return Promise.all([getOptionalUser(request), getOptionalUser(request)]);
    });
    expect(result).toEqual([null, null]);
    expect(cookies).toEqual([clearedSignedInCookie(false)]);
    expect((await withStore(() => getOptionalUser(new Request(`${origin}/`)))).cookies).toEqual([]);
  });

  it("sign-out and sign out everywhere clear the marker with the session cookies", async () => {
    for (const end of [signOut, signOutEverywhere]) {
      const cookie = await signedInCookie(`${end.name}@example.com`);
      const ended = await withStore(() =>
        end({ request: new Request(`${origin}/auth/sign-out`, { headers: { cookie } }) }),
      );
      if (!ended.result.ok) throw new Error(`${end.name} failed`);
      const lines = ended.result.headers.getSetCookie();
      expect(lines.some((line) => line.startsWith("samen.session_token=;"))).toBe(true);
      expect(lines).toContain(clearedSignedInCookie(false));
    }
  });

  it("a forged or unknown cookie is simply signed out", async () => {
    expect(
      await getOptionalUser(new Request(`${origin}/`, { headers: { cookie: "samen.session_token=forged.value" } })),
    ).toBeNull();
    expect(
      await getOptionalUser(
        new Request(`${origin}/`, { headers: { cookie: `samen.session_token=${"x".repeat(5000)}` } }),
      ),
    ).toBeNull();
  });
});
