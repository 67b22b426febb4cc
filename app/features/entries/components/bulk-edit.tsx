import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { selectClass } from "~/components/ui/select-field";
import type { CategoryView } from "~/domain/categories";
import { useFormat } from "~/features/household/components/use-app-shell";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import type { ListedTransaction, PayeeListed } from "../transactions.server";
import { useCategories } from "./use-budget-shell";

/** A result's checkbox for bulk edit, labelled with the entry it selects (its title, amount and date). */
export function BulkCheckbox({ entry }: { entry: ListedTransaction }) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const categories = useCategories();
  const title = entry.description || categories.label(categories.byId(entry.categoryId));
  return (
    <label className="-ml-1 flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-secondary/60">
      <input type="checkbox" name="entryId" value={entry.id} className="size-5 accent-primary" />
      <span className="sr-only">
        {t("search.bulk.selectEntry", {
          title,
          amount: format.money(entry.amountMinor, entry.currency),
          date: format.date(entry.occurredOn, "short"),
        })}
      </span>
    </label>
  );
}

/** The category options of one kind that an entry may be given now (archived ones are not). */
function categoryGroup(categories: readonly CategoryView[], kind: "income" | "expense") {
  return categories.filter((category) => category.kind === kind && !category.archived);
}

/**
 * What to do with the selected results: a category, a payee, shared or personal, or delete; each button posts the
 * result list's form with its own intent. Without JavaScript it always stands above the results; with it, it sticks
 * to the bottom of the screen once something is selected and says how many.
 */
export function BulkEditBar({
  selected,
  allSelected,
  hydrated,
  payees,
  busy,
}: {
  selected: number;
  allSelected: boolean;
  hydrated: boolean;
  payees: readonly Pick<PayeeListed, "id" | "name">[];
  busy: boolean;
}) {
  const { t } = useTranslation("app");
  const id = useId();
  const categories = useCategories();
  const hidden = hydrated && selected === 0 && !allSelected;
  return (
    <section
      aria-label={t("search.bulk.label")}
      className={cn(
        "z-30 flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-lg sm:p-4",
        hidden && "hidden",
        // Above the add button and the tab bar on a phone.
        hydrated && "sticky bottom-[calc(9.25rem+env(safe-area-inset-bottom))] md:bottom-4",
      )}
    >
      {hydrated && (
        <p role="status" className="text-sm font-semibold">
          {allSelected ? t("search.bulk.allSelected") : t("search.bulk.selected", { count: selected })}
        </p>
      )}
      <div className="grid gap-3 lg:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-category`} className="max-sm:sr-only">
            {t("search.bulk.category")}
          </Label>
          <div className="flex gap-2">
            <select id={`${id}-category`} name="categoryId" defaultValue="" className={cn(selectClass, "min-w-0")}>
              <option value="">{t("search.bulk.chooseCategory")}</option>
              {(["expense", "income"] as const).map((kind) => (
                <optgroup key={kind} label={t(kind === "income" ? "entry.income" : "entry.expense")}>
                  {categoryGroup(categories.all, kind).map((category) => (
                    <option key={category.id} value={category.id}>
                      {categories.label(category)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <Button
              type="submit"
              name="intent"
              value="setCategory"
              variant="outline"
              className="shrink-0"
              disabled={busy}
            >
              {t("search.bulk.setCategory")}
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-payee`} className="max-sm:sr-only">
            {t("search.bulk.payee")}
          </Label>
          <div className="flex gap-2">
            <select id={`${id}-payee`} name="payeeId" defaultValue="" className={cn(selectClass, "min-w-0")}>
              <option value="">{t("search.bulk.choosePayee")}</option>
              {payees.map((payee) => (
                <option key={payee.id} value={payee.id}>
                  {payee.name}
                </option>
              ))}
            </select>
            <Button type="submit" name="intent" value="setPayee" variant="outline" className="shrink-0" disabled={busy}>
              {t("search.bulk.setPayee")}
            </Button>
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="makeShared" variant="outline" size="sm" disabled={busy}>
          {t("search.bulk.makeShared")}
        </Button>
        <Button type="submit" name="intent" value="makePersonal" variant="outline" size="sm" disabled={busy}>
          {t("search.bulk.makePersonal")}
        </Button>
        <Button type="submit" name="intent" value="delete" variant="destructive" size="sm" disabled={busy}>
          {t("search.bulk.delete")}
        </Button>
      </div>
    </section>
  );
}
