/** URL slugs for blog articles, made from a title in any of the eight languages. Pure: no I/O. */

/** Used when a title has no letters or digits at all (only emoji or punctuation). */
export const fallbackSlug = "article";

/** Slugs are cut at a word boundary near this length so URLs stay readable. */
export const maxSlugLength = 80;

// Letters that Unicode decomposition does not reduce to a plain Latin letter plus accents.
const specialLetters: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  ł: "l",
  Ł: "l",
  ı: "i",
  İ: "i",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  þ: "th",
  Þ: "th",
  ĳ: "ij",
  Ĳ: "ij",
  "&": " and ",
};

// Ukrainian national transliteration (Cabinet of Ministers resolution 55, 2010); a few Russian letters too.
const cyrillic: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "h",
  ґ: "g",
  д: "d",
  е: "e",
  є: "ie",
  ж: "zh",
  з: "z",
  и: "y",
  і: "i",
  ї: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ь: "",
  ю: "iu",
  я: "ia",
  ы: "y",
  э: "e",
  ё: "io",
  ъ: "",
};

// At the start of a word these letters are written differently (Євген → Yevhen, Юрій → Yurii).
const cyrillicWordStart: Record<string, string> = { є: "ye", ї: "yi", й: "y", ю: "yu", я: "ya" };

const apostrophes = /['’ʼ`´]/g;

function transliterateCyrillic(text: string): string {
  let result = "";
  let previous = "";
  for (const char of text) {
    const lower = char.toLowerCase();
    if (lower in cyrillic) {
      const atWordStart = !/[\p{L}\p{N}]/u.test(previous);
      if (atWordStart && lower in cyrillicWordStart) result += cyrillicWordStart[lower];
      // "зг" is written "zgh" so it is not read as "zh".
      else if (lower === "г" && previous.toLowerCase() === "з") result += "gh";
      else result += cyrillic[lower];
    } else {
      result += char;
    }
    previous = char;
  }
  return result;
}

/** Lower-case ASCII words of a title, in order. */
function asciiWords(title: string): string[] {
  let text = title.replace(apostrophes, "");
  text = [...text].map((char) => specialLetters[char] ?? char).join("");
  text = transliterateCyrillic(text);
  // Decompose accented letters (é → e + ´) and drop the marks.
  text = text.normalize("NFKD").replace(/\p{M}/gu, "");
  text = text.toLowerCase();
  return text.split(/[^a-z0-9]+/).filter(Boolean);
}

/** A slug for a title: "Budgeting as a couple: 5 tips" → "budgeting-as-a-couple-5-tips". */
export function slugify(title: string): string {
  const words = asciiWords(title);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > maxSlugLength) {
      if (!slug) slug = word.slice(0, maxSlugLength);
      break;
    }
    slug = next;
  }
  return slug || fallbackSlug;
}

/** The first of base, base-2, base-3 … that is not taken. */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A slug is safe to look up: lower-case ASCII words joined by single hyphens. */
export function isWellFormedSlug(value: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= maxSlugLength + 8;
}
