import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../../server/test-server";
import { listOutbox } from "~/features/mail/mailer.server";

// `npm start` on a laptop or a home server: the production build, no PUBLIC_URL, no AUTH_SECRET, plain http.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "samen-auth-local-"));
process.env.NODE_ENV = "production";
delete process.env.PUBLIC_URL;
delete process.env.AUTH_SECRET;
process.env.DATA_DIR = dataDir;

const server = useTestServer();

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function post(pathname: string, body: unknown) {
  return fetch(server.url(pathname), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("a local installation over plain http", () => {
  it("signs in with plain (not Secure) cookies a browser keeps over http, signed with its own generated secret", async () => {
    const email = "home@example.com";
    const password = "a long and calm passphrase";
    expect((await post("/api/auth/sign-up/email", { email, password, name: "" })).status).toBe(200);
    let link: string | undefined;
    for (let attempt = 0; attempt < 100 && !link; attempt++) {
      link = (await listOutbox(path.join(dataDir, "mail"))).find((mail) => mail.to === email)?.links[0];
      if (!link) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(link).toBeDefined();
    expect(
      (await fetch(server.url(`/api/auth/verify-email?token=${new URL(link as string).searchParams.get("token")}`)))
        .status,
    ).toBe(200);

    const signIn = await post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith("samen.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);

    const secretFile = path.join(dataDir, "auth-secret");
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(secretFile, "utf8").trim().length).toBeGreaterThanOrEqual(48);
  });
});
