import { dictionary } from "@zxcvbn-ts/language-common";
import { checkPasswordLength, type PasswordLengthProblem } from "./password-rules";

export type PasswordProblem = PasswordLengthProblem | "PASSWORD_TOO_COMMON";

let commonPasswords: Set<string> | undefined;

/** zxcvbn-ts's list of the most used passwords (from real breaches), kept only where our length rule lets them through. */
function getCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    dictionary["passwords-common"].filter((entry) => entry.length >= 8).map((entry) => entry.toLowerCase()),
  );
  return commonPasswords;
}

/**
 * The whole password policy: 8 to 128 characters, no composition rules, and none of the most common passwords
 * (compared without regard to case or surrounding spaces, so "Password1 " is refused like "password1").
 */
export function checkPassword(password: string): PasswordProblem | null {
  const lengthProblem = checkPasswordLength(password);
  if (lengthProblem) return lengthProblem;
  if (getCommonPasswords().has(password.trim().toLowerCase())) return "PASSWORD_TOO_COMMON";
  return null;
}
