import { fieldOf } from "~/lib/field-of";

// The spec's translation error catalogue (section 8). Isomorphic: the server maps errors to these
// messages, the browser picks the matching title and description from them.

export const translationMessages = {
  notConfigured: "Translation provider not configured",
  sameLanguage: "Target and source languages cannot be the same",
  quota: "OpenAI API quota exceeded. Please check your billing details.",
  rateLimit: "Rate limit exceeded. Please wait before trying again.",
  serviceError: "Translation service error",
  unknown: "Unknown translation error",
  notFound: "Article not found",
} as const;

export type TranslationErrorKind =
  "quota" | "rate-limit" | "not-configured" | "same-language" | "not-found" | "generic";

const quotaPattern = /quota|insufficient_quota/i;
const rateLimitPattern = /\b429\b|too many requests/i;

/** Turns whatever a provider threw into the message the catalogue prescribes. */
export function toTranslationErrorMessage(error: unknown): string {
  if (error instanceof Error || (typeof error === "object" && error !== null && "message" in error)) {
    const raw = fieldOf(error, "message");
    const message = typeof raw === "string" ? raw.trim() : "";
    if (!message) return translationMessages.serviceError;
    if (quotaPattern.test(message)) return translationMessages.quota;
    if (rateLimitPattern.test(message)) return translationMessages.rateLimit;
    return message;
  }
  return translationMessages.unknown;
}

/** Which notice the interface shows for a translation error message. */
export function classifyTranslationError(message: string): TranslationErrorKind {
  if (message === translationMessages.notConfigured) return "not-configured";
  if (message === translationMessages.sameLanguage) return "same-language";
  if (message === translationMessages.notFound) return "not-found";
  if (quotaPattern.test(message)) return "quota";
  if (rateLimitPattern.test(message) || message === translationMessages.rateLimit) return "rate-limit";
  return "generic";
}

/** An error whose message is already one of the catalogue's. */
export class TranslationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TranslationError";
  }
}
