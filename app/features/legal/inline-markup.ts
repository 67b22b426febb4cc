/** The little markup legal texts use: `[label](href)` for links and `**text**` for emphasis. */
export type InlineToken =
  { type: "text"; text: string } | { type: "strong"; text: string } | { type: "link"; text: string; href: string };

const pattern = /\[([^[\]]+)\]\(([^()\s]+)\)|\*\*([^*]+)\*\*/g;

export function parseInlineMarkup(source: string): InlineToken[] {
  const tokens: InlineToken[] = [];
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) tokens.push({ type: "text", text: source.slice(last, start) });
    const [, label, href, strong] = match;
    if (label !== undefined && href !== undefined) tokens.push({ type: "link", text: label, href });
    else if (strong !== undefined) tokens.push({ type: "strong", text: strong });
    last = start + match[0].length;
  }
  if (last < source.length) tokens.push({ type: "text", text: source.slice(last) });
  return tokens;
}

/** The text a reader sees, without markup (for counting, tests and plain-text uses). */
export function toPlainText(source: string): string {
  return parseInlineMarkup(source)
    .map((token) => token.text)
    .join("");
}
