/** Password length limits (NIST SP 800-63B): counted in characters (code points), never truncated. */
export const passwordMinLength = 8;
export const passwordMaxLength = 128;

export type PasswordLengthProblem = "PASSWORD_TOO_SHORT" | "PASSWORD_TOO_LONG";

/** Length in characters as a person counts them, so "ä" or "🙂" is one. */
export function passwordLength(password: string): number {
  let count = 0;
  for (const _ of password) count++;
  return count;
}

export function checkPasswordLength(password: string): PasswordLengthProblem | null {
  const length = passwordLength(password);
  if (length < passwordMinLength) return "PASSWORD_TOO_SHORT";
  if (length > passwordMaxLength) return "PASSWORD_TOO_LONG";
  return null;
}
