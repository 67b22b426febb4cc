import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { memoryOutboxFor } from "~/features/mail/mailer.server";
import { completeTwoFactorSignIn, signInWithPassword, signUpWithPassword, verifyEmail } from "./account.server";
import { getOptionalUser } from "./session.server";
import { confirmTwoFactorSetup, startTwoFactorSetup, turnOffTwoFactor } from "./two-factor.server";

useTestDatabase();

const origin = "http://localhost:3000";

function totp(groupedKey: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...groupedKey.replace(/\s/g, "")].map((c) => alphabet.indexOf(c).toString(2).padStart(5, "0")).join("");
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = crypto.createHmac("sha1", key).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 15;
  return String((digest.readUInt32BE(offset) % 2 ** 31) % 1_000_000).padStart(6, "0");
}

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

const req = (path: string, cookie = "") =>
  new Request(origin + path, { method: "POST", headers: cookie ? { cookie } : {} });

describe("two-factor sign-in (TOTP)", () => {
  it("turns on with password and first code, asks for a code at sign-in, takes each backup code once, turns off with code and password", async () => {
    const email = "totp@example.com";
    const password = "a long and calm passphrase";
    const signedUp = await signUpWithPassword({ request: req("/signup"), name: "", email, password, language: "en" });
    const signUpBrowser = signedUp.ok
      ? signedUp.headers
          .getSetCookie()
          .map((line) => line.split(";")[0])
          .join("; ")
      : "";
    let link: string | undefined;
    for (let attempt = 0; attempt < 100 && !link; attempt++) {
      link = memoryOutboxFor(email)[0]?.links[0];
      if (!link) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const verified = await verifyEmail({
      request: req("/auth/verify", signUpBrowser),
      token: new URL(link as string).searchParams.get("token") as string,
    });
    if (!verified.ok) throw new Error("not verified");
    let cookie = cookiesOf(verified.headers);

    expect(
      await startTwoFactorSetup({ request: req("/app/settings/security", cookie), password: "wrong password" }),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_PASSWORD" },
    });
    const setup = await startTwoFactorSetup({ request: req("/app/settings/security", cookie), password });
    if (!setup.ok) throw new Error(`set-up failed: ${setup.error.code}`);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml/);
    expect(setup.backupCodes).toHaveLength(10);
    expect(setup.manualKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);

    expect(
      await confirmTwoFactorSetup({ request: req("/app/settings/security", cookie), code: "000000" }),
    ).toMatchObject({ ok: false, error: { code: "INVALID_CODE" } });
    const confirmed = await confirmTwoFactorSetup({
      request: req("/app/settings/security", cookie),
      code: totp(setup.manualKey),
    });
    if (!confirmed.ok) throw new Error("confirm failed");
    cookie = cookiesOf(confirmed.headers, cookie);
    expect(await getOptionalUser(new Request(origin, { headers: { cookie } }))).toMatchObject({
      twoFactorEnabled: true,
    });

    // The password alone now only opens a challenge, no session.
    const first = await signInWithPassword({ request: req("/auth"), email, password });
    if (!first.ok) throw new Error("sign-in failed");
    expect(first.twoFactor).toBe(true);
    const pending = cookiesOf(first.headers);
    expect(await getOptionalUser(new Request(origin, { headers: { cookie: pending } }))).toBeNull();
    expect(
      await completeTwoFactorSignIn({ request: req("/auth/two-factor", pending), code: "999999", method: "totp" }),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_CODE" },
    });
    const viaBackup = await completeTwoFactorSignIn({
      request: req("/auth/two-factor", pending),
      code: setup.backupCodes[0] as string,
      method: "backup",
    });
    if (!viaBackup.ok) throw new Error(`backup code refused: ${viaBackup.error.code}`);
    expect(
      await getOptionalUser(new Request(origin, { headers: { cookie: cookiesOf(viaBackup.headers, pending) } })),
    ).toMatchObject({ email });

    // The same backup code does not work twice.
    const again = await signInWithPassword({ request: req("/auth"), email, password });
    if (!again.ok) throw new Error("sign-in failed");
    expect(
      await completeTwoFactorSignIn({
        request: req("/auth/two-factor", cookiesOf(again.headers)),
        code: setup.backupCodes[0] as string,
        method: "backup",
      }),
    ).toMatchObject({ ok: false, error: { code: "INVALID_BACKUP_CODE" } });

    expect(
      await turnOffTwoFactor({ request: req("/app/settings/security", cookie), code: "123456", password }),
    ).toMatchObject({ ok: false, error: { code: "INVALID_CODE" } });
    expect(
      await turnOffTwoFactor({
        request: req("/app/settings/security", cookie),
        code: totp(setup.manualKey),
        password: "nope nope nope",
      }),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_PASSWORD" },
    });
    const off = await turnOffTwoFactor({
      request: req("/app/settings/security", cookie),
      code: totp(setup.manualKey),
      password,
    });
    if (!off.ok) throw new Error(`turn off failed: ${off.error.code}`);
    const plain = await signInWithPassword({ request: req("/auth"), email, password });
    expect(plain).toMatchObject({ ok: true, twoFactor: false });
  });
});
