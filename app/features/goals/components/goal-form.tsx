import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { TextField } from "~/components/ui/text-field";
import { amountToInput, currencySymbol, numberSeparators } from "~/domain/money";
import { useFormat } from "~/features/household/components/use-app-shell";
import { goalNameMaxLength } from "../goal.schema";

/** Name, target and optional deadline: shared by "new goal" and "edit goal". */
export function GoalFormFields({
  values,
  errors,
  showDeadline = true,
}: {
  values?: { name?: string; targetMinor?: number; target?: string; deadline?: string | null };
  errors?: Record<string, string | undefined>;
  showDeadline?: boolean;
}) {
  const { t } = useTranslation("app");
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
    </>
  );
}
