import { createEmailVerificationToken } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { publicUrl } from "~/config.server";
import { useTestDatabase } from "~/db/test-database";
import { memoryOutboxFor, type OutboxEntry } from "~/features/mail/mailer.server";
import { logger } from "~/lib/logger.server";
import { runWithRequestStore } from "~/lib/request-store.server";
import {
  resetPassword,
  requestPasswordReset,
  signInWithPassword,
  signUpWithPassword,
  verifyEmail,
} from "./account.server";
import { getAuth } from "./auth.server";
import { readFlash } from "./flash";
import { getOptionalUser } from "./session.server";
import { securityAction } from "./two-factor.server";

useTestDatabase();

const origin = "http://localhost:3000";
const password = "a long and calm passphrase";
const firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const safariOnIphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

function cookiesOf(headers: Headers, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0], pair] as const),
  );
  for (const line of headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const name = pair.split("=")[0] ?? "";
    if (/max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

function req(
  path: string,
  {
    cookie = "",
    userAgent = safariOnIphone,
    body,
  }: { cookie?: string; userAgent?: string; body?: URLSearchParams } = {},
) {
  const headers: Record<string, string> = { "user-agent": userAgent, origin };
  if (cookie) headers.cookie = cookie;
  return new Request(origin + path, { method: "POST", headers, body });
}

/** Runs `work` as a request from `clientIp`, as Express would hand it to the routes. */
function fromAddress<T>(clientIp: string, work: () => Promise<T>): Promise<T> {
  return runWithRequestStore(
    { nonce: "n", requestId: "r", log: logger, clientIp, appendSetCookie() {}, once: new Map() },
    work,
  );
}

async function mailsTo(email: string, kind: string, count = 1): Promise<OutboxEntry[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = memoryOutboxFor(email).filter((mail) => mail.kind === kind);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return memoryOutboxFor(email).filter((mail) => mail.kind === kind);
}

/** Signs up, confirms in the same browser (which signs it in: the account's first sign-in) and returns its cookie. */
async function confirmedAccount(email: string, language: "en" | "nl" = "en") {
  const signedUp = await signUpWithPassword({ request: req("/auth"), name: "", email, password, language });
  if (!signedUp.ok) throw new Error("sign-up failed");
  const [mail] = await mailsTo(email, "verify-email");
  const token = new URL(mail?.links[0] as string).searchParams.get("token") as string;
  const verified = await verifyEmail({ request: req("/auth/verify", { cookie: cookiesOf(signedUp.headers) }), token });
  if (!verified.ok || !verified.signedIn) throw new Error("not signed in by the confirmation");
  const user = await getOptionalUser(new Request(origin, { headers: { cookie: cookiesOf(verified.headers) } }));
  return { cookie: cookiesOf(verified.headers), userId: user?.id as string };
}

async function signIn(email: string, userAgent: string) {
  const result = await signInWithPassword({ request: req("/auth", { userAgent }), email, password });
  if (!result.ok) throw new Error(`sign-in failed: ${result.error.code}`);
  return cookiesOf(result.headers);
}

describe("mails about changes to an account", () => {
  it("a changed password mails the address, with a reset link and the security settings from the public URL", async () => {
    const email = "changer-notice@example.com";
    const { cookie } = await confirmedAccount(email);
    await getAuth().api.changePassword({
      body: { currentPassword: password, newPassword: "another calm passphrase" },
      headers: req("/app/settings/security", { cookie }).headers,
    });
    const [mail] = await mailsTo(email, "password-changed");
    expect(mail?.subject).toBe("Your Samen password was changed");
    expect(mail?.text).toContain("If this wasn't you, choose a new password right away");
    expect(mail?.links).toEqual([`${publicUrl()}/forgot-password`]);
    expect(mail?.text).toContain(`${publicUrl()}/app/settings/security`);
  });

  it("a password set with a reset link mails the address too, in the person's language", async () => {
    const email = "reset-notice@example.com";
    await confirmedAccount(email, "nl");
    await requestPasswordReset({ request: req("/forgot-password"), email });
    const [reset] = await mailsTo(email, "reset-password");
    const token = new URL(reset?.links[0] as string).searchParams.get("token") as string;
    expect(
      await resetPassword({ request: req("/reset-password"), token, newPassword: "another calm passphrase" }),
    ).toEqual({
      ok: true,
    });
    const [mail] = await mailsTo(email, "password-changed");
    expect(mail?.subject).toBe("Je Samen-wachtwoord is gewijzigd");
    expect(mail?.text).toContain(`${publicUrl()}/forgot-password`);
  });

  it("a changed address mails the new address and the old one, which is told where the account went", async () => {
    const oldEmail = "before-notice@example.com";
    const newEmail = "after-notice@example.com";
    const { userId } = await confirmedAccount(oldEmail);
    const context = await getAuth().$context;
    // The link Better Auth mails to the new address when a change of address is confirmed.
    const token = await createEmailVerificationToken(context.secret, oldEmail, newEmail, 3600, {
      requestType: "change-email-verification",
      userId,
    });
    expect(await verifyEmail({ request: req("/auth/verify"), token })).toMatchObject({ ok: true });

    const [toNew] = await mailsTo(newEmail, "email-changed");
    expect(toNew?.text).toContain(`changed from ${oldEmail} to ${newEmail}`);
    expect(toNew?.links).toEqual([`${publicUrl()}/forgot-password`]);
    const [toOld] = await mailsTo(oldEmail, "email-changed-old-address");
    expect(toOld?.subject).toBe("The e-mail address of your Samen account was changed");
    expect(toOld?.text).toContain(`changed from ${oldEmail} to ${newEmail}`);
    expect(toOld?.text).toContain("Reply to this e-mail right away");
  });

  it("a sign-in from a new device mails the person; the first sign-in and known devices do not", async () => {
    const email = "devices-notice@example.com";
    // Signed up and confirmed on an iPhone: the account's first sign-in, nothing to compare with.
    await fromAddress("198.51.100.7", () => confirmedAccount(email));
    await fromAddress("198.51.100.7", () => signIn(email, safariOnIphone));
    // The same phone on another address of the same network is the same device.
    await fromAddress("198.51.100.200", () => signIn(email, safariOnIphone));
    expect(memoryOutboxFor(email).filter((mail) => mail.kind === "new-device-sign-in")).toEqual([]);

    await fromAddress("203.0.113.9", () => signIn(email, firefoxOnWindows));
    const [mail] = await mailsTo(email, "new-device-sign-in");
    expect(mail?.subject).toBe("New sign-in to your Samen account");
    expect(mail?.text).toContain("Device: Firefox, Windows. IP address: 203.0.113.9.");
    expect(mail?.text).toContain(`${publicUrl()}/app/settings/security`);
    // Once known, that computer signs in quietly.
    await fromAddress("203.0.113.10", () => signIn(email, firefoxOnWindows));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(memoryOutboxFor(email).filter((mail) => mail.kind === "new-device-sign-in")).toHaveLength(1);
  });
});

describe("sign out everywhere", () => {
  it("ends every session of the account, this browser's too, and lands on sign-in with a notice", async () => {
    const email = "everywhere@example.com";
    const { cookie: here, userId } = await confirmedAccount(email);
    const elsewhere = await signIn(email, firefoxOnWindows);
    const stranger = await confirmedAccount("bystander@example.com");
    const user = await getOptionalUser(new Request(origin, { headers: { cookie: here } }));
    if (!user) throw new Error("not signed in");

    const answer: unknown = await securityAction({
      request: req("/app/settings/security", {
        cookie: here,
        body: new URLSearchParams({ intent: "sign-out-everywhere" }),
      }),
      user,
    }).catch((thrown: unknown) => thrown);
    if (!(answer instanceof Response)) throw new Error("expected a redirect");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/auth");
    const setCookies = answer.headers.getSetCookie();
    expect(readFlash(setCookies.map((line) => line.split(";")[0]).join("; "))).toBe("signed-out-everywhere");

    for (const cookie of [here, elsewhere])
      expect(await getOptionalUser(new Request(origin, { headers: { cookie } }))).toBeNull();
    // Nobody else's session ends.
    expect(await getOptionalUser(new Request(origin, { headers: { cookie: stranger.cookie } }))).toMatchObject({
      id: stranger.userId,
    });
    expect(userId).toBe(user.id);
  });
});
