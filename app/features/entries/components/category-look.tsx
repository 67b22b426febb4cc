import { useCallback } from "react";
import { CategoryIcon } from "./category-icon";
import { useCategories } from "./use-budget-shell";

/**
 * A category's translated label and icon by id, for pages that compose features below budget (budgets), which
 * cannot read the categories themselves.
 */
export function useCategoryLook() {
  const categories = useCategories();
  return useCallback(
    (categoryId: string) => {
      const category = categories.byId(categoryId);
      return {
        label: categories.label(category),
        icon: <CategoryIcon icon={category?.icon ?? "shapes"} color={category?.color ?? "#64748b"} />,
      };
    },
    [categories],
  );
}
