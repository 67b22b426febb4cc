/**
 * How payee names compare: lower case, accents removed, letters NFKD cannot take apart spelled out ("ł" → "l",
 * "ß" → "ss", "ı" → "i"), and anything but letters and digits dropped. "Płatność", "PLATNOSC" and "platnosc" are one.
 */
const spelledOut: Record<string, string> = { ł: "l", đ: "d", ø: "o", ß: "ss", ı: "i", æ: "ae", œ: "oe", þ: "th" };

export function foldPayeeText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[łđøßıæœþ]/gu, (letter) => spelledOut[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]/gu, "");
}
