/** Limits keep one article a reasonable size; the editor's maxLength and the server's schema share them. */
export const articleLimits = { authorName: 100, title: 200, excerpt: 500, content: 50_000 } as const;
