import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listOutbox, memoryOutboxFor, sendMail, writeToOutbox } from "./mailer.server";
import { escapeHtml, mailTranslator, renderEmail } from "./render-email.server";

describe("e-mail templates", () => {
  it("renders HTML and plain text with the same words, in the reader's language, escaped", async () => {
    const t = await mailTranslator("de", "auth");
    const mail = await renderEmail({
      language: "de",
      subject: t("mail.verify.subject"),
      heading: t("mail.verify.heading"),
      paragraphs: ["Hallo <Ada>,", t("mail.verify.body")],
      action: { label: t("mail.verify.action"), url: "http://localhost:3000/auth/verify?token=a&b=<c>" },
      note: t("mail.verify.note"),
    });
    expect(mail.subject).not.toBe("mail.verify.subject");
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain("Hallo &lt;Ada&gt;,");
    expect(mail.html).not.toContain("<Ada>");
    expect(mail.html).toContain('href="http://localhost:3000/auth/verify?token=a&amp;b=&lt;c&gt;"');
    expect(mail.text).toContain("Hallo <Ada>,");
    expect(mail.text).toContain("http://localhost:3000/auth/verify?token=a&b=<c>");
    expect(mail.links).toEqual(["http://localhost:3000/auth/verify?token=a&b=<c>"]);
  });

  it("falls back to English for an unknown language", async () => {
    const t = await mailTranslator("xx", "auth");
    expect(t("mail.reset.subject")).toBe("Reset your Samen password");
  });

  it("escapes every HTML special character", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});

describe("development outbox", () => {
  it("keeps each mail as .eml and .json and lists the newest first", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "samen-outbox-"));
    const base = {
      kind: "test",
      from: "Samen <hello@samen.app>",
      to: "ada@example.com",
      text: "Hi",
      html: "<p>Hi</p>",
      links: ["http://x/1"],
    };
    await writeToOutbox(
      { ...base, id: "2024-01-01-a", subject: "First", createdAt: "2024-01-01T00:00:00Z" },
      directory,
    );
    await writeToOutbox(
      { ...base, id: "2024-01-02-b", subject: "Second", createdAt: "2024-01-02T00:00:00Z" },
      directory,
    );
    const files = fs.readdirSync(directory).sort();
    expect(files).toEqual(["2024-01-01-a.eml", "2024-01-01-a.json", "2024-01-02-b.eml", "2024-01-02-b.json"]);
    expect(fs.readFileSync(path.join(directory, "2024-01-02-b.eml"), "utf8")).toMatch(/Subject: Second/);
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it("in tests, sent mail is kept in memory", async () => {
    await sendMail({
      to: "Bo@Example.com",
      subject: "Hello",
      html: "<p>Hello</p>",
      text: "Hello",
      kind: "test",
      links: ["http://x"],
    });
    expect(memoryOutboxFor("bo@example.com").map((mail) => mail.subject)).toContain("Hello");
    expect((await listOutbox())[0]?.subject).toBe("Hello");
  });
});
