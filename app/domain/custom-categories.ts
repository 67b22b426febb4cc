import type { CategoryIcon } from "./categories";
import { isOneOf } from "~/lib/one-of";

/** Colours a custom category may take: each keeps at least 3:1 contrast against white, like the built-in set. */
export const categoryColors = [
  "#2f7d5b",
  "#0f766e",
  "#0e7490",
  "#3b6fb6",
  "#4f46e5",
  "#8a5cc2",
  "#be3a6e",
  "#c2410c",
  "#c2620a",
  "#a1840b",
  "#64748b",
  "#57534e",
] as const;

/** Icons a custom category may use (the icon set the category chips draw). */
export const categoryIcons: readonly CategoryIcon[] = [
  "shapes",
  "home",
  "shopping-cart",
  "bus",
  "plug",
  "heart-pulse",
  "ticket",
  "utensils",
  "graduation-cap",
  "baby",
  "piggy-bank",
  "briefcase",
  "hand-coins",
  "sparkles",
];

export const categoryNameMaxLength = 40;
/** Custom categories a household may keep (archived ones included): plenty for a household, bounded for the pickers. */
export const maxCustomCategories = 60;

export function isCategoryColor(value: unknown): value is (typeof categoryColors)[number] {
  return isOneOf(categoryColors, value);
}

export function isCategoryIcon(value: unknown): value is CategoryIcon {
  return isOneOf(categoryIcons, value);
}

/**
 * A category name as the user typed it, with spaces tidied: names are the user's own words and are never
 * translated. Compared without regard to case so "Pets" and "pets" cannot both exist.
 */
export function tidyCategoryName(value: string): string {
  return value.normalize("NFC").replace(/\s+/g, " ").trim();
}

export function sameCategoryName(a: string, b: string): boolean {
  return tidyCategoryName(a).toLocaleLowerCase() === tidyCategoryName(b).toLocaleLowerCase();
}
