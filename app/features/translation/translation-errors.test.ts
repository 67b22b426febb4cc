import { describe, expect, it } from "vitest";
import { classifyTranslationError, toTranslationErrorMessage, translationMessages } from "./translation-errors";

describe("translation error catalogue", () => {
  it("turns anything about quota into the quota message", () => {
    expect(toTranslationErrorMessage(new Error("429 You exceeded your current quota"))).toBe(translationMessages.quota);
    expect(toTranslationErrorMessage(new Error("code insufficient_quota"))).toBe(translationMessages.quota);
    expect(toTranslationErrorMessage(new Error("Quota for this billing period has been exceeded"))).toBe(
      translationMessages.quota,
    );
  });

  it("turns 429 and Too Many Requests into the rate-limit message", () => {
    expect(toTranslationErrorMessage(new Error("429 Rate limit reached"))).toBe(translationMessages.rateLimit);
    expect(toTranslationErrorMessage(new Error("Too Many Requests"))).toBe(translationMessages.rateLimit);
    expect(toTranslationErrorMessage(new Error("Too many requests, DeepL servers are busy"))).toBe(
      translationMessages.rateLimit,
    );
  });

  it("keeps other messages, and names empty and unknown errors", () => {
    expect(toTranslationErrorMessage(new Error("Service unavailable"))).toBe("Service unavailable");
    expect(toTranslationErrorMessage(new Error(""))).toBe(translationMessages.serviceError);
    expect(toTranslationErrorMessage({ message: "  " })).toBe(translationMessages.serviceError);
    expect(toTranslationErrorMessage("boom")).toBe(translationMessages.unknown);
    expect(toTranslationErrorMessage(undefined)).toBe(translationMessages.unknown);
    // a 4290-character text is not a 429
    expect(toTranslationErrorMessage(new Error("text of 4290 characters refused"))).toBe(
      "text of 4290 characters refused",
    );
  });

  it("classifies messages for the interface", () => {
    expect(classifyTranslationError(translationMessages.quota)).toBe("quota");
    expect(classifyTranslationError(translationMessages.rateLimit)).toBe("rate-limit");
    expect(classifyTranslationError(translationMessages.notConfigured)).toBe("not-configured");
    expect(classifyTranslationError(translationMessages.sameLanguage)).toBe("same-language");
    expect(classifyTranslationError("Service unavailable")).toBe("generic");
  });
});
