import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../../server/test-server";
import { listOutbox } from "~/features/mail/mailer.server";

// This file runs the server as a production deployment on https: Secure cookies with the __Host- prefix.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "samen-auth-prod-"));
process.env.NODE_ENV = "production";
process.env.PUBLIC_URL = "https://samen.example";
process.env.AUTH_SECRET = "production-test-secret-production-test-secret";
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

describe("session cookies in production", () => {
  it("carry Secure, HttpOnly, SameSite=Lax, Path=/ and the __Host- prefix, and sign-in issues a new one each time", async () => {
    const email = "prod@example.com";
    const password = "a long and calm passphrase";
    expect((await post("/api/auth/sign-up/email", { email, password, name: "" })).status).toBe(200);
    let link: string | undefined;
    for (let attempt = 0; attempt < 100 && !link; attempt++) {
      link = (await listOutbox(path.join(dataDir, "mail"))).find((mail) => mail.to === email)?.links[0];
      if (!link) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(link).toBeDefined();
    const token = new URL(link as string).searchParams.get("token");
    const verified = await fetch(server.url(`/api/auth/verify-email?token=${token}`));
    expect(verified.status).toBe(200);

    const first = await post("/api/auth/sign-in/email", { email, password });
    const second = await post("/api/auth/sign-in/email", { email, password });
    const sessionCookie = (response: Response) =>
      response.headers.getSetCookie().find((line) => line.startsWith("__Host-samen.session_token="));
    const cookie = sessionCookie(first);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Domain=/i);
    expect(sessionCookie(second)?.split(";")[0]).not.toEqual(cookie?.split(";")[0]);
    // The signed-in marker beside it: Secure as the session is, readable by the service worker, no identity.
    expect(first.headers.getSetCookie()).toContain("samen_signed_in=1; Path=/; Max-Age=604800; SameSite=Lax; Secure");
  });
});
