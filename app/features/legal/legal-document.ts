import { toRegionalLocale, type Language } from "~/domain/languages";
import { fieldOf } from "~/lib/field-of";

/** Section keys in reading order; the spec fixes both lists, and legal.json holds one entry per key. */
export const privacySectionKeys = [
  "intro",
  "dataController",
  "dataCollected",
  "purposes",
  "retention",
  "sharing",
  "partnerSharing",
  "transfers",
  "security",
  "rights",
  "children",
  "changes",
  "contact",
  "disclaimer",
] as const;

export const termsSectionKeys = [
  "intro",
  "eligibility",
  "subscriptions",
  "premiumFeatures",
  "partnerInvitation",
  "acceptableUse",
  "userContent",
  "privacyLink",
  "intellectualProperty",
  "thirdParty",
  "disclaimers",
  "liability",
  "governingLaw",
  "contact",
  "disclaimer",
] as const;

export type LegalDocumentKind = "privacy" | "terms";

export const legalSectionKeys: Record<LegalDocumentKind, readonly string[]> = {
  privacy: privacySectionKeys,
  terms: termsSectionKeys,
};

export const legalDocumentPaths: Record<LegalDocumentKind, string> = {
  privacy: "/privacy",
  terms: "/terms",
};

/** Both documents were last changed on this day (ISO date, no time zone). */
export const legalLastUpdated = "2026-11-25";

/** "15 December 2024" in the reader's language, with the spec's regional locales (en-US … uk-UA). */
export function formatLegalDate(isoDate: string, language: Language): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split("-").map(Number);
  // UTC on both sides, so the server and the browser print the same calendar day.
  return new Intl.DateTimeFormat(toRegionalLocale(language), { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** Anchor id for a section key: `dataController` → `data-controller`. */
export function sectionAnchor(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** A paragraph (string) or a bulleted list (array of strings). */
export type LegalBlock = string | string[];

export interface LegalSection {
  key: string;
  anchor: string;
  title: string;
  blocks: LegalBlock[];
}

function isLegalBlock(value: unknown): value is LegalBlock {
  return typeof value === "string" || (Array.isArray(value) && value.every((item) => typeof item === "string"));
}

/**
 * Reads one document's sections from its translation object, in the fixed order.
 * A section missing from the translations is skipped rather than crashing the page;
 * the unit tests make sure none is missing in any language.
 */
export function readLegalSections(kind: LegalDocumentKind, sections: unknown): LegalSection[] {
  return legalSectionKeys[kind].flatMap((key) => {
    const entry = fieldOf(sections, key);
    const title = fieldOf(entry, "title");
    const body = fieldOf(entry, "body");
    if (typeof title !== "string" || !Array.isArray(body)) return [];
    return [{ key, anchor: sectionAnchor(key), title, blocks: body.filter(isLegalBlock) }];
  });
}
