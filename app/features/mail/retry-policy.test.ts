import { describe, expect, it } from "vitest";
import { describeMailError, isPermanentMailError, retryDelayMs } from "./retry-policy";

const smtpError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe("mail retry policy", () => {
  it("waits 30 s after the first failure, twice as long after each next one, never more than an hour", () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempts) => retryDelayMs(attempts) / 60_000);
    expect(minutes).toEqual([0.5, 1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it("stops retrying a recipient or message the server refuses for good, not a busy server or a bad login", () => {
    expect(
      isPermanentMailError(
        smtpError("all recipients were rejected: 550 5.1.1 <x@y.z>", {
          code: "EENVELOPE",
          command: "RCPT TO",
          responseCode: 550,
        }),
      ),
    ).toBe(true);
    expect(
      isPermanentMailError(
        smtpError("Message failed: 554 spam", { code: "EMESSAGE", command: "DATA", responseCode: 554 }),
      ),
    ).toBe(true);
    expect(
      isPermanentMailError(smtpError("451 try later", { code: "EENVELOPE", command: "RCPT TO", responseCode: 451 })),
    ).toBe(false);
    expect(
      isPermanentMailError(
        smtpError("Invalid login: 535", { code: "EAUTH", command: "AUTH PLAIN", responseCode: 535 }),
      ),
    ).toBe(false);
    expect(
      isPermanentMailError(
        smtpError("553 sender not allowed", { code: "EENVELOPE", command: "MAIL FROM", responseCode: 553 }),
      ),
    ).toBe(false);
    expect(
      isPermanentMailError(smtpError("connect ECONNREFUSED 127.0.0.1:25", { code: "ESOCKET", command: "CONN" })),
    ).toBe(false);
    expect(isPermanentMailError(smtpError("Greeting never received", { code: "ETIMEDOUT", command: "CONN" }))).toBe(
      false,
    );
  });

  it("describes a failure by its codes only: no address, password, host or mail text", () => {
    const refused = smtpError("Can't send mail - all recipients were rejected: 550 5.1.1 <ada@example.com>: unknown", {
      code: "EENVELOPE",
      command: "RCPT TO",
      responseCode: 550,
      response: "550 5.1.1 <ada@example.com>: unknown",
    });
    expect(describeMailError(refused)).toBe("EENVELOPE RCPT TO 550");
    expect(
      describeMailError(smtpError("connect ECONNREFUSED 10.0.0.5:587", { code: "ESOCKET", command: "CONN" })),
    ).toBe("ESOCKET CONN ECONNREFUSED");
    const login = smtpError("Invalid login: 535 bad password hunter2 for samen@mail.example", {
      code: "EAUTH",
      command: "AUTH PLAIN",
      responseCode: 535,
    });
    expect(describeMailError(login)).toBe("EAUTH AUTH PLAIN 535");
    // An unknown command could be a line of the conversation (a base64 password); it is left out.
    expect(describeMailError(smtpError("x", { code: "EAUTH", command: "aHVudGVyMg==" }))).toBe("EAUTH");
    expect(describeMailError(new Error("token=abc https://samen.app/reset?token=abc"))).toBe("Error");
    expect(describeMailError("smtp://user:secret@host")).toBe("unknown error");
  });
});
