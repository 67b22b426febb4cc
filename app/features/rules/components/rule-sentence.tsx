import type { RuleActions, RuleCondition, RuleSplitPart } from "~/domain/rules/rule-types";
import { useCategories } from "~/features/entries/components/use-budget-shell";
import { useFormat } from "~/features/household/components/use-app-shell";
import { useTranslation } from "~/i18n/react";

/** A rule read aloud: "When counterparty contains “ALBERT HEIJN” → Groceries". */
export function useRuleSentence(accounts: { id: string; name: string }[]) {
  const { t } = useTranslation("rules");
  const format = useFormat();
  const categories = useCategories();
  const accountName = (id: string) => accounts.find((account) => account.id === id)?.name ?? t("unknownAccount");

  const condition = (item: RuleCondition): string => {
    if (item.field === "account") return t("sentence.account", { account: accountName(item.accountId) });
    if (item.field === "amount") {
      return item.operator === "between"
        ? t("sentence.amountBetween", { min: format.money(item.minMinor), max: format.money(item.maxMinor) })
        : t("sentence.amount", { amount: format.money(item.amountMinor) });
    }
    return t("sentence.text", {
      field: t(`fields.${item.field}`),
      operator: t(`operators.${item.operator}`),
      value: item.value,
    });
  };

  const splitPart = (part: RuleSplitPart): string => {
    const category = categories.label(categories.byId(part.categoryId));
    const text =
      part.share.by === "rest"
        ? t("sentence.splitRest", { category })
        : t("sentence.splitPart", {
            category,
            share:
              part.share.by === "percent"
                ? format.percent(part.share.basisPoints / 10_000)
                : format.money(part.share.amountMinor),
          });
    return part.sharing ? t(`sentence.splitSharing.${part.sharing}`, { part: text }) : text;
  };

  const actions = (set: RuleActions): string[] => [
    ...(set.categoryId ? [categories.label(categories.byId(set.categoryId))] : []),
    ...(set.rename ? [t("sentence.rename", { name: set.rename })] : []),
    ...(set.transferAccountId ? [t("sentence.transfer", { account: accountName(set.transferAccountId) })] : []),
    ...(set.sharing ? [t(`sentence.sharing.${set.sharing}`)] : []),
    ...(set.split ? [t("sentence.split", { parts: set.split.map(splitPart).join(", ") })] : []),
  ];

  return (rule: { conditions: readonly RuleCondition[]; actions: RuleActions }) =>
    t("sentence.rule", {
      conditions: rule.conditions.map(condition).join(t("sentence.and")),
      actions: actions(rule.actions).join(", "),
    });
}
