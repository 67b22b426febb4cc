import type { Language } from "~/domain/languages";
import { listCustomCategories } from "~/features/custom-categories/custom-categories.server";
import { getSharingOverview } from "./invitations.server";

/** What the premium sections of Settings show (partner sharing, own categories); the settings loader includes it. */
export async function loadPremiumSettings({ userId, householdId, language }: { userId: string; householdId: string; language: Language }) {
  const [sharing, listed] = await Promise.all([getSharingOverview({ userId, householdId }), listCustomCategories({ userId, householdId })]);
  return {
    language,
    sharing,
    categories: { categories: listed.categories, canEdit: listed.canEdit, premium: listed.premium, role: listed.access.role },
  };
}

export type PremiumSettingsData = Awaited<ReturnType<typeof loadPremiumSettings>>;
