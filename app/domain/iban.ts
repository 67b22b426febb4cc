/**
 * IBANs as ISO 13616 defines them: country code, two check digits, then the national account number; valid when the
 * number, rearranged and read as digits (A = 10 … Z = 35), leaves 1 modulo 97.
 */

/** Lengths for the countries of our markets and their neighbours; other countries are checked by mod-97 alone. */
const ibanLengths: Record<string, number> = {
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  TR: 26,
  UA: 29,
};

/** Upper case without spaces or dashes: "nl91 abna 0417 1643 00" → "NL91ABNA0417164300". */
export function normaliseIban(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

/** Whether a value (in any spacing or case) is a valid IBAN. */
export function isValidIban(value: string): boolean {
  const iban = normaliseIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = ibanLengths[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Groups of four for reading: "NL91 ABNA 0417 1643 00". */
export function formatIban(value: string): string {
  return normaliseIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}
