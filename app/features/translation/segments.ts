/** The parts of an article that get translated. */
export interface TranslatableArticle {
  title: string;
  excerpt: string | null;
  content: string;
}

/**
 * Cuts an article into one-line texts (title, excerpt, each non-blank content line) and puts the
 * translated texts back in place, so every paragraph and line break survives any provider.
 */
export function toSegments(article: TranslatableArticle) {
  const texts: string[] = [article.title.trim()];
  const excerpt = article.excerpt?.trim() ? article.excerpt.trim().replace(/\s*\r?\n\s*/g, " ") : null;
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
    const oneLine = (text: string) => text.replace(/\s*\r?\n\s*/g, " ").trim();
    return {
      title: oneLine(translated[0] ?? ""),
      excerpt: excerpt ? oneLine(translated[1] ?? "") : null,
      content: lineSlots.map((slot) => (slot === -1 ? "" : oneLine(translated[slot] ?? ""))).join("\n"),
    };
  }

  return { texts, assemble };
}
