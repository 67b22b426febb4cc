import { describe, expect, it } from "vitest";
import { checkPassword } from "./password-policy.server";
import { passwordLength } from "./password-rules";

describe("password policy", () => {
  it("accepts any 8 to 128 characters without composition rules", () => {
    expect(checkPassword("lowercase only here")).toBeNull();
    expect(checkPassword("zq8#vR1m")).toBeNull();
    expect(checkPassword("x".repeat(127) + "y")).toBeNull();
  });

  it("refuses fewer than 8 characters and more than 128, counting characters not bytes", () => {
    expect(checkPassword("")).toBe("PASSWORD_TOO_SHORT");
    expect(checkPassword("seven77")).toBe("PASSWORD_TOO_SHORT");
    expect(checkPassword("x".repeat(129))).toBe("PASSWORD_TOO_LONG");
    expect(checkPassword("🙂".repeat(128))).toBeNull();
    expect(passwordLength("🙂ä")).toBe(2);
    expect(checkPassword("🙂🙂🙂🙂")).toBe("PASSWORD_TOO_SHORT");
  });

  it("refuses the most common passwords whatever their case", () => {
    expect(checkPassword("password")).toBe("PASSWORD_TOO_COMMON");
    expect(checkPassword("12345678")).toBe("PASSWORD_TOO_COMMON");
    expect(checkPassword("Password1")).toBe("PASSWORD_TOO_COMMON");
    expect(checkPassword("QWERTYUIOP")).toBe("PASSWORD_TOO_COMMON");
    expect(checkPassword("iloveyou ")).toBe("PASSWORD_TOO_COMMON");
  });

  it("accepts a long passphrase in any script", () => {
    expect(checkPassword("гроші приносять спокій")).toBeNull();
    expect(checkPassword("para huzur getirmeli, kaygı değil")).toBeNull();
  });
});
