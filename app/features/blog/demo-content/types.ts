import type { Language } from "~/domain/languages";

export interface DemoVersion {
  title: string;
  excerpt: string;
  /** Paragraphs; stored joined by blank lines. */
  paragraphs: string[];
  /** Shown with the auto-translated badge, like a translation the service made. */
  machineTranslated?: boolean;
}

/** One demo article: its original language and a version in each of the eight languages. */
export interface DemoArticle {
  authorName: string;
  original: Language;
  /** Publication date, this many days before seeding. */
  daysAgo: number;
  versions: Record<Language, DemoVersion>;
}
