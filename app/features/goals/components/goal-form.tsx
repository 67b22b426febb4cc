import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { SelectField } from "~/components/ui/select-field";
import { TextField } from "~/components/ui/text-field";
import { amountToInput, currencySymbol, numberSeparators } from "~/domain/money";
import { useFormat } from "~/features/household/components/use-app-shell";
import { useAccountName } from "~/features/money-accounts/components/account-kind";
import { goalNameMaxLength } from "../goal.schema";

/** An account a goal may follow: its balance is then the goal's saved amount. */
export interface FollowableAccount {
  id: string;
  name: string | null;
}

/** Name, target, optional deadline and where the money is: shared by "new goal" and "edit goal". */
export function GoalFormFields({
  values,
  errors,
  showDeadline = true,
  accounts,
}: {
  values?: {
    name?: string;
    targetMinor?: number;
    target?: string;
    deadline?: string | null;
    accountId?: string | null;
  };
  errors?: Record<string, string | undefined>;
  showDeadline?: boolean;
  accounts: readonly FollowableAccount[];
}) {
  const { t } = useTranslation("app");
  const accountName = useAccountName();
  const format = useFormat();
  const id = useId();
  const { decimal } = numberSeparators(format.language);
  const target = values?.target ?? (values?.targetMinor ? amountToInput(values.targetMinor, format.language) : "");
  return (
    <>
      <TextField
        id={`${id}-name`}
        label={t("goals.name")}
        name="name"
        defaultValue={values?.name ?? ""}
        maxLength={goalNameMaxLength}
        placeholder={t("goals.namePlaceholder")}
        error={errors?.name}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-target`}
          label={t("goals.target", { currency: currencySymbol(format.currency, format.language) })}
          name="target"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={target}
          placeholder={`1500${decimal}00`}
          error={errors?.target}
          required
        />
        {showDeadline && (
          <TextField
            id={`${id}-deadline`}
            label={
              <>
                {t("goals.deadlineLabel")}{" "}
                <span className="font-normal text-muted-foreground">{t("entry.optional")}</span>
              </>
            }
            name="deadline"
            type="date"
            defaultValue={values?.deadline ?? ""}
            error={errors?.deadline}
          />
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <SelectField
          id={`${id}-account`}
          name="accountId"
          label={t("goals.source")}
          options={[
            { value: "", label: t("goals.sourceByHand") },
            ...accounts.map((account) => ({
              value: account.id,
              label: t("goals.sourceAccount", { account: accountName(account) }),
            })),
          ]}
          defaultValue={values?.accountId ?? ""}
          error={errors?.accountId}
        />
        <p className="text-xs text-muted-foreground">{t("goals.sourceHint")}</p>
      </div>
    </>
  );
}
