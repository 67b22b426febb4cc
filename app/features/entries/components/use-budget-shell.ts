import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { categoryLabel, type CategoryView } from "~/domain/categories";
import { appLayoutId, useFormat } from "~/features/household/components/use-app-shell";
import { useTranslation } from "~/i18n/react";
import type { BudgetShellData, getBudgetShell } from "../budget-shell.server";

/** Budget's part of the /app layout's loader data (the layout merges it with the household's shell). */
function useBudgetShell(): BudgetShellData {
  // The layout returns getBudgetShell's data merged with the household shell, so its own part is typed from it.
  const data = useRouteLoaderData<typeof getBudgetShell>(appLayoutId);
  if (!data) throw new Error("useBudgetShell outside /app");
  return data;
}

/** Category lookup by id with translated labels. */
export function useCategories() {
  const { t } = useTranslation("app");
  const { categories } = useBudgetShell();
  return useMemo(() => {
    const byId = new Map(categories.map((category) => [category.id, category]));
    return {
      all: categories,
      byId: (id: string): CategoryView | undefined => byId.get(id),
      label: (category: CategoryView | undefined) => (category ? categoryLabel(category, t) : t("categories.other")),
      ofKind: (kind: "income" | "expense") =>
        categories.filter((category) => category.kind === kind && !category.archived),
    };
  }, [categories, t]);
}

export function useNotifications(): BudgetShellData["notifications"] {
  return useBudgetShell().notifications;
}

/** Who shares the household, for the entry forms' "Shared · Personal" and "Paid by"; null in a household of one. */
export function useEntrySharing(): BudgetShellData["sharing"] {
  return useBudgetShell().sharing;
}

/** The currency a new typed entry is in: the Everyday account's, where it goes. */
export function useEntryCurrency(): string {
  const format = useFormat();
  return useBudgetShell().entryCurrency ?? format.currency;
}
