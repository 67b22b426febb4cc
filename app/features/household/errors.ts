/**
 * Refusals a use case raises when the asker may not do something. Routes turn `notFound` into a 404 page
 * (another household's data is never confirmed to exist) and `readOnly` into a translated message.
 */
export class HouseholdAccessError extends Error {
  constructor(readonly code: "notFound" | "readOnly") {
    super(code === "notFound" ? "Not found" : "This household is read-only for you");
    this.name = "HouseholdAccessError";
  }
}

export function isHouseholdAccessError(error: unknown): error is HouseholdAccessError {
  return error instanceof HouseholdAccessError;
}
