/** The parts of an article that get translated. */
export interface TranslatableArticle {
  title: string;
  excerpt: string | null;
  content: string;
}

/** Text on one line: each line trimmed, blank lines left out (a loop, not a regular expression over the whitespace). */
function oneLine(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join(" ");
}

/**
 * Cuts an article into one-line texts (title, excerpt, each non-blank content line) and puts the
 * translated texts back in place, so every paragraph and line break survives any provider.
 */
export function toSegments(article: TranslatableArticle) {
  const texts: string[] = [article.title.trim()];
  const excerpt = article.excerpt?.trim() ? oneLine(article.excerpt) : null;
  if (excerpt) texts.push(excerpt);
  const lines = article.content.split(/\r?\n/);
  const lineSlots = lines.map((line) => {
    if (!line.trim()) return -1;
    texts.push(line.trim());
    return texts.length - 1;
  });

  function assemble(translated: string[]): TranslatableArticle {
    if (translated.length !== texts.length) {
      throw new Error(`Malformed reply: expected ${texts.length} translated texts, got ${translated.length}`);
    }
    return {
      title: oneLine(translated[0] ?? ""),
      excerpt: excerpt ? oneLine(translated[1] ?? "") : null,
      content: lineSlots.map((slot) => (slot === -1 ? "" : oneLine(translated[slot] ?? ""))).join("\n"),
    };
  }

  return { texts, assemble };
}
