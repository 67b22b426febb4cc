import { z } from "zod";

/**
 * Control characters no form field of ours takes: C0 except tab, line feed and carriage return (so NUL, which
 * PostgreSQL cannot even store in text), DEL and the C1 block. Typing cannot produce them; pasting rarely does.
 */
function isControlCharacter(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);
}

/** Whether text holds a control character or a lone surrogate (half an emoji, which no encoding can store). */
export function hasUnsafeCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index++) if (isControlCharacter(value.charCodeAt(index))) return true;
  return !value.isWellFormed();
}

/**
 * Whether a name holds any control character (Unicode Cc: C0 with tab, CR and LF, DEL, C1). Names travel into mail
 * headers and subjects (an invitation names its sender and household), so unlike other text they take no line
 * breaks either. One character class, no quantifier: linear in the length.
 */
export function hasControlCharacters(value: string): boolean {
  return /\p{Cc}/u.test(value);
}

/** The shared text-field rule: any text a person sends us, before a field's own rules (length, format) apply. */
export const safeText = z.string().refine((value) => !hasUnsafeCharacters(value), { error: "INVALID_CHARACTERS" });

/** Whether any string inside a parsed JSON value (or a query), keys included, breaks the shared rule. */
export function containsUnsafeText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasUnsafeCharacters(value);
  if (depth > 20 || value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([key, item]) => hasUnsafeCharacters(key) || containsUnsafeText(item, depth + 1));
}
