import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { readMail } from "./mail-reader";

const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

async function rawMail(text: string): Promise<string> {
  const info = await transport.sendMail({
    from: "noreply@samen.test",
    to: "anna@samen.test",
    subject: "Bevestig je e-mailadres",
    text,
    html: `<p>${text}</p>`,
  });
  return info.message.toString();
}

describe("reading a mail from the sink", () => {
  it("reads a link whole when its quoted-printable wrap puts “--” at the start of a line", async () => {
    // A verification token is base64url: it may hold "--", and the line wrap falls anywhere in it.
    let wrappedAtDashes = 0;
    for (let pad = 0; pad < 76; pad += 1) {
      const link = `http://localhost/auth/verify?token=${"a".repeat(pad)}${"--bb".repeat(24)}`;
      const raw = await rawMail(`Héllo, confirm your address: ${link}\nThanks`);
      if (/\n--bb/.test(raw)) wrappedAtDashes += 1;
      const mail = readMail({ from: "noreply@samen.test", to: ["anna@samen.test"], raw, receivedAt: "" });
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(link);
      expect(mail.subject).toBe("Bevestig je e-mailadres");
    }
    // The case that broke the old reader did occur.
    expect(wrappedAtDashes).toBeGreaterThan(0);
  });
});
