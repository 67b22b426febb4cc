import { describe, expect, it } from "vitest";
import { useTestServer } from "../../../server/test-server";
import { memoryOutboxFor } from "~/features/mail/mailer.server";

const server = useTestServer();

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(server.url(path), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function waitForLink(email: string): Promise<URL> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const link = memoryOutboxFor(email).find((mail) => mail.kind === "verify-email")?.links[0];
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no verification mail for ${email}`);
}

async function verifiedAccount(email: string, password = "a long and calm passphrase") {
  const signUp = await post("/api/auth/sign-up/email", { email, password, name: "Test" });
  expect(signUp.status).toBe(200);
  const link = await waitForLink(email);
  const verify = await fetch(server.url(`/api/auth/verify-email?token=${link.searchParams.get("token")}`), {
    redirect: "manual",
  });
  expect(verify.status).toBe(200);
  return { email, password };
}

describe("auth over HTTP", () => {
  it("the 6th rapid wrong password for one e-mail answers 429 with Retry-After; other addresses are not affected", async () => {
    const { email, password } = await verifiedAccount("rate@example.com");
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await post("/api/auth/sign-in/email", { email, password: `wrong ${attempt}` });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const sixth = await post("/api/auth/sign-in/email", { email, password: "wrong 6" });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await sixth.json()).toMatchObject({ code: "RATE_LIMITED" });
    // From the same client address even the right password waits for the window to end (it does end: see
    // rate-limit.server.test.ts)…
    expect((await post("/api/auth/sign-in/email", { email, password })).status).toBe(429);
    // …but the owner elsewhere is not locked out by whoever typed their address here.
    expect(
      (await post("/api/auth/sign-in/email", { email, password }, { "x-forwarded-for": "198.51.100.20" })).status,
    ).toBe(200);
    // Another person behind the same address can still sign in.
    const other = await verifiedAccount("other@example.com");
    expect((await post("/api/auth/sign-in/email", other)).status).toBe(200);
  });

  it("guessing spread over many client addresses meets the per-account ceiling", async () => {
    const { email } = await verifiedAccount("ceiling@example.com");
    for (let host = 1; host <= 10; host++) {
      for (let attempt = 1; attempt <= 5; attempt++) {
        const response = await post(
          "/api/auth/sign-in/email",
          { email, password: `wrong ${attempt}` },
          { "x-forwarded-for": `192.0.2.${host}` },
        );
        expect(response.status, `host ${host}, attempt ${attempt}`).toBe(401);
      }
    }
    const next = await post(
      "/api/auth/sign-in/email",
      { email, password: "wrong again" },
      { "x-forwarded-for": "192.0.2.99" },
    );
    expect(next.status).toBe(429);
    expect(Number(next.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("change-password is limited per account, whatever address the attempts come from", async () => {
    const account = await verifiedAccount("changer@example.com");
    const signIn = await post("/api/auth/sign-in/email", account);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const attempt = (host: number) =>
      post(
        "/api/auth/change-password",
        { currentPassword: `guess ${host}`, newPassword: "another calm passphrase" },
        { cookie, "x-forwarded-for": `192.0.2.${host}` },
      );
    for (let host = 1; host <= 5; host++) expect((await attempt(host)).status, `attempt ${host}`).toBeLessThan(429);
    const sixth = await attempt(6);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a correct password resets the count of earlier mistakes", async () => {
    const { email, password } = await verifiedAccount("typo@example.com");
    for (let round = 0; round < 3; round++) {
      for (let attempt = 0; attempt < 3; attempt++)
        expect((await post("/api/auth/sign-in/email", { email, password: "typo" })).status).toBe(401);
      expect((await post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    }
  });

  it("refuses a POST from another origin", async () => {
    const response = await post(
      "/api/auth/sign-in/email",
      { email: "a@example.com", password: "x" },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    const form = await fetch(server.url("/auth"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "intent=sign-in&email=a%40example.com&password=x",
    });
    expect(form.status).toBe(403);
    const fetchMetadata = await fetch(server.url("/auth/sign-out"), {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(fetchMetadata.status).toBe(403);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, Path=/ (Secure only in production, see auth-cookies.production.test.ts)", async () => {
    const account = await verifiedAccount("cookie@example.com");
    const response = await post("/api/auth/sign-in/email", account);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("samen.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).toMatch(/; Max-Age=604800/i);
    expect(cookie).not.toMatch(/; Domain=/i);
  });

  it("the signed-in marker follows the session: set at sign-in, cleared at sign-out", async () => {
    const marker = (response: Response) =>
      response.headers.getSetCookie().find((line) => line.startsWith("samen_signed_in="));
    const account = await verifiedAccount("marker@example.com");
    const signIn = await post("/api/auth/sign-in/email", account);
    // No identity and readable by the page and the service worker; the session's lifetime.
    expect(marker(signIn)).toBe("samen_signed_in=1; Path=/; Max-Age=604800; SameSite=Lax");
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");

    // Better Auth's own sign-out clears it with the session cookie (the pages' lookups: session.server.test.ts).
    const signOut = await post("/api/auth/sign-out", {}, { cookie });
    expect(signOut.status).toBe(200);
    expect(marker(signOut)).toBe("samen_signed_in=; Path=/; Max-Age=0; SameSite=Lax");
    // An answer that does not touch the session leaves it alone.
    expect(marker(await post("/api/auth/sign-in/email", { ...account, password: "wrong" }))).toBeUndefined();
  });

  it("never answers 500 to whatever a person or a script sends", async () => {
    const bodies: Array<[string, unknown]> = [
      ["empty object", {}],
      ["empty strings", { email: "", password: "" }],
      ["wrong types", { email: ["a@example.com"], password: { value: 1 } }],
      ["unicode", { email: "ünïcødé@exämple.com", password: "пароль-🙂-密码-كلمة", name: "Zoë 🙂 Łukasz" }],
      ["malformed JSON", "{ email: "],
      ["null", "null"],
      ["1 MB password", { email: "big@example.com", password: "x".repeat(1_000_000) }],
      ["long e-mail", { email: `${"a".repeat(300)}@example.com`, password: "a long and calm passphrase", name: "x" }],
      ["long name", { email: "name@example.com", password: "a long and calm passphrase", name: "n".repeat(5000) }],
    ];
    for (const path of [
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/request-password-reset",
      "/api/auth/reset-password",
    ]) {
      for (const [label, body] of bodies) {
        const response = await post(path, body);
        expect({ path, label, status: response.status }).toEqual({ path, label, status: expect.any(Number) });
        expect(response.status, `${path} with ${label}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${path} with ${label}`).toBeLessThan(500);
      }
    }
    const huge = await post("/api/auth/sign-up/email", { email: "h@example.com", password: "y".repeat(2_000_000) });
    expect(huge.status).toBe(413);
    const chunked = await fetch(server.url("/api/auth/sign-in/email"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"email":"a@example.com","password":"x"}'));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBeLessThan(500);
  });

  it("refuses the most common passwords at sign-up with a clear code", async () => {
    const response = await post("/api/auth/sign-up/email", {
      email: "common@example.com",
      password: "iloveyou1",
      name: "",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON" });
    const short = await post("/api/auth/sign-up/email", { email: "short@example.com", password: "seven77", name: "" });
    expect(await short.json()).toMatchObject({ code: "PASSWORD_TOO_SHORT" });
    const tooLong = await post("/api/auth/sign-up/email", {
      email: "long@example.com",
      password: "z".repeat(129),
      name: "",
    });
    expect(await tooLong.json()).toMatchObject({ code: "PASSWORD_TOO_LONG" });
  });

  it("forgot-password answers the same for known and unknown addresses", async () => {
    await verifiedAccount("known@example.com");
    const known = await post("/api/auth/request-password-reset", { email: "known@example.com" });
    const unknown = await post("/api/auth/request-password-reset", { email: "unknown@example.com" });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
  });
});
