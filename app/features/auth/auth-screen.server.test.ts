import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { memoryOutboxFor } from "~/features/mail/mailer.server";
import { signUpWithPassword, verifyEmail } from "./account.server";
import { authScreenAction } from "./auth-screen.server";
import { requireAnonymous } from "./session.server";

useTestDatabase();

const origin = "http://localhost:3000";

function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(origin + path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Runs the action and returns either its data (with status) or the redirect it threw. */
async function run(request: Request) {
  try {
    const result = (await authScreenAction(request)) as unknown as {
      data: unknown;
      init?: { status?: number; headers?: HeadersInit };
    };
    return {
      kind: "data" as const,
      status: result.init?.status ?? 200,
      data: result.data as Record<string, unknown>,
      headers: new Headers(result.init?.headers),
    };
  } catch (thrown) {
    if (thrown instanceof Response)
      return {
        kind: "redirect" as const,
        status: thrown.status,
        location: thrown.headers.get("location"),
        headers: thrown.headers,
      };
    throw thrown;
  }
}

async function verifiedUser(email: string, password = "a long and calm passphrase") {
  const signedUp = await signUpWithPassword({
    request: formPost("/signup", {}),
    name: "",
    email,
    password,
    language: "en",
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
        request: formPost("/auth/verify", {}, { cookie: signUpBrowser }),
        token: new URL(link).searchParams.get("token") as string,
      });
      if (!result.ok) throw new Error("verification failed");
      return {
        email,
        password,
        cookie: result.headers
          .getSetCookie()
          .map((line) => line.split(";")[0])
          .join("; "),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("no mail");
}

describe("the auth screen's form post", () => {
  it("signs in without JavaScript by redirecting to a same-site redirectTo, with the cookie and a welcome notice", async () => {
    const account = await verifiedUser("nojs@example.com");
    const result = await run(
      formPost("/auth", {
        intent: "sign-in",
        email: account.email,
        password: account.password,
        redirectTo: "/app/goals",
      }),
    );
    expect(result).toMatchObject({ kind: "redirect", status: 302, location: "/app/goals" });
    const cookies = result.headers.getSetCookie();
    expect(cookies.some((line) => line.startsWith("samen.session_token="))).toBe(true);
    expect(cookies.some((line) => line.startsWith("samen_flash=signed-in"))).toBe(true);
  });

  it.each(["//evil.example", "https://evil.example/app", "/\\evil.example", "javascript:alert(1)"])(
    "ignores the open redirect %s",
    async (redirectTo) => {
      const account = await verifiedUser(`open-${Math.random().toString(36).slice(2)}@example.com`);
      const result = await run(
        formPost("/auth", { intent: "sign-in", email: account.email, password: account.password, redirectTo }),
      );
      expect(result).toMatchObject({ kind: "redirect", location: "/app" });
    },
  );

  it("answers the page's script with data (and the cookie) instead of a redirect", async () => {
    const account = await verifiedUser("js@example.com");
    const result = await run(
      formPost("/auth", {
        intent: "sign-in",
        email: account.email,
        password: account.password,
        redirectTo: "//evil.example",
        js: "1",
      }),
    );
    expect(result).toMatchObject({
      kind: "data",
      status: 200,
      data: { intent: "sign-in", ok: true, next: "/app", twoFactor: false },
    });
    expect(result.headers.getSetCookie().some((line) => line.startsWith("samen.session_token="))).toBe(true);
    expect(result.headers.getSetCookie().some((line) => line.startsWith("samen_flash=signed-in"))).toBe(true);
  });

  it("sends a signed-in visitor of the auth screen on to redirectTo, never to another site", async () => {
    const account = await verifiedUser("already@example.com");
    const attempt = async (query: string) => {
      try {
        await requireAnonymous(new Request(`${origin}/auth${query}`, { headers: { cookie: account.cookie } }));
        return null;
      } catch (thrown) {
        return (thrown as Response).headers.get("location");
      }
    };
    expect(await attempt("?redirectTo=%2Fapp%2Freports")).toBe("/app/reports");
    expect(await attempt("?redirectTo=https%3A%2F%2Fevil.example")).toBe("/app");
    expect(await attempt("")).toBe("/app");
    await expect(requireAnonymous(new Request(`${origin}/auth`))).resolves.toBeUndefined();
  });

  it("gives every kind of bad input a clear code, never a crash", async () => {
    const cases: Array<[string, Request, number, string]> = [
      ["empty sign-in", formPost("/auth", { intent: "sign-in" }), 400, "EMAIL_REQUIRED"],
      [
        "empty sign-up",
        formPost("/signup", { intent: "sign-up", email: "", password: "", confirmPassword: "" }),
        400,
        "EMAIL_REQUIRED",
      ],
      ["not an e-mail", formPost("/auth", { intent: "sign-in", email: "nope", password: "x" }), 400, "INVALID_EMAIL"],
      [
        "1 MB password at sign-in",
        formPost("/auth", { intent: "sign-in", email: "a@example.com", password: "p".repeat(1_000_000) }),
        400,
        "INVALID_EMAIL_OR_PASSWORD",
      ],
      [
        // Two fields of 400 KB: together within the 1 MB form limit, so the password rule answers.
        "400 KB passwords at sign-up",
        formPost("/signup", {
          intent: "sign-up",
          email: "b@example.com",
          password: "p".repeat(400_000),
          confirmPassword: "p".repeat(400_000),
        }),
        400,
        "PASSWORD_TOO_LONG",
      ],
      [
        "900 KB name",
        formPost("/signup", {
          intent: "sign-up",
          name: "n".repeat(900_000),
          email: "c@example.com",
          password: "long enough pass",
          confirmPassword: "long enough pass",
        }),
        400,
        "NAME_TOO_LONG",
      ],
      [
        "name with a line break",
        formPost("/signup", {
          intent: "sign-up",
          name: "Eve\r\nBcc: all@example.com",
          email: "crlf@example.com",
          password: "long enough pass",
          confirmPassword: "long enough pass",
        }),
        400,
        "NAME_INVALID_CHARACTERS",
      ],
      [
        "name with a tab",
        formPost("/signup", {
          intent: "sign-up",
          name: "Eve\tAdams",
          email: "tab@example.com",
          password: "long enough pass",
          confirmPassword: "long enough pass",
        }),
        400,
        "NAME_INVALID_CHARACTERS",
      ],
      [
        "mismatch",
        formPost("/signup", {
          intent: "sign-up",
          email: "d@example.com",
          password: "long enough pass",
          confirmPassword: "long enough pasS",
        }),
        400,
        "PASSWORDS_DONT_MATCH",
      ],
      [
        "common password",
        formPost("/signup", {
          intent: "sign-up",
          email: "e@example.com",
          password: "password1",
          confirmPassword: "password1",
        }),
        400,
        "PASSWORD_TOO_COMMON",
      ],
      [
        "3 MB body",
        formPost("/auth", { intent: "sign-in", email: "f@example.com", password: "p".repeat(3_000_000) }),
        413,
        "INPUT_TOO_LARGE",
      ],
      [
        "JSON instead of a form",
        new Request(`${origin}/auth`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
        400,
        "INVALID_INPUT",
      ],
      [
        "broken multipart",
        new Request(`${origin}/auth`, {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=x" },
          body: "--y\r\n",
        }),
        400,
        "INVALID_INPUT",
      ],
    ];
    for (const [label, request, status, code] of cases) {
      const result = await run(request);
      expect({ label, kind: result.kind, status: result.status }).toEqual({ label, kind: "data", status });
      const data = result.kind === "data" ? result.data : {};
      const codes = [
        (data.error as { code?: string } | undefined)?.code,
        ...Object.values((data.fieldErrors as Record<string, string>) ?? {}),
      ];
      expect({ label, codes }).toEqual({ label, codes: expect.arrayContaining([code]) });
    }
  });

  it("answers the same address signed up twice at once (a unique e-mail) as it answers one sign-up, never with a crash", async () => {
    const twice = await Promise.all(
      [0, 1].map(() =>
        run(
          formPost("/signup", {
            intent: "sign-up",
            name: "Twice",
            email: "twice@example.com",
            password: "long enough pass",
            confirmPassword: "long enough pass",
          }),
        ),
      ),
    );
    for (const result of twice) {
      expect(result.kind).toBe("data");
      expect(result.status).toBeLessThan(500);
    }
  });

  it("accepts names, addresses and passwords in any script", async () => {
    const result = await run(
      formPost("/signup", {
        intent: "sign-up",
        name: "Zoë Łukasz 🙂 Олена",
        email: "Zoë@Exämple.com",
        password: "гроші приносять спокій",
        confirmPassword: "гроші приносять спокій",
      }),
    );
    // A non-ASCII address may be refused by the e-mail rule, but always with a message, never a crash.
    expect(result.kind).toBe("data");
    expect(result.status).toBeLessThan(500);
    const plain = await run(
      formPost("/signup", {
        intent: "sign-up",
        name: "Zoë Łukasz 🙂",
        email: "zoe@example.com",
        password: "гроші приносять спокій",
        confirmPassword: "гроші приносять спокій",
      }),
    );
    expect(plain).toMatchObject({
      kind: "data",
      status: 200,
      data: { intent: "sign-up", ok: true, email: "zoe@example.com" },
    });
  });

  it("the 6th rapid wrong password for one e-mail is refused with RATE_LIMITED", async () => {
    const account = await verifiedUser("limit@example.com");
    for (let attempt = 0; attempt < 5; attempt++) {
      const result = await run(
        formPost("/auth", { intent: "sign-in", email: account.email, password: "wrong password", js: "1" }),
      );
      expect(result.status).toBe(401);
    }
    const sixth = await run(
      formPost("/auth", { intent: "sign-in", email: account.email, password: "wrong password", js: "1" }),
    );
    expect(sixth).toMatchObject({ kind: "data", status: 429, data: { ok: false, error: { code: "RATE_LIMITED" } } });
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
