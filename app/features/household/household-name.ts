/** The name a new household gets when none is given; pages show it translated ("My budget", "Mijn budget"). */
export const defaultHouseholdName = "My budget";

type HouseholdNameKey = "household.defaultName" | "household.ownersBudget";

/**
 * Households keep the name they were given. The untouched default shows in the reader's language: "My budget" to its
 * owner, "Sanne's budget" to the other members (every household starts as "My budget", so a partner who joins one would
 * otherwise see two of them in the switcher).
 */
export function householdName(
  { name, role, ownerName }: { name: string; role: "owner" | "partner"; ownerName: string },
  t: (key: HouseholdNameKey, options?: { name: string }) => string,
): string {
  if (name !== defaultHouseholdName) return name;
  return role === "owner" || !ownerName.trim()
    ? t("household.defaultName")
    : t("household.ownersBudget", { name: ownerName.trim() });
}
