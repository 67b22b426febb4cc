import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { amountToInput, currencySymbol, numberSeparators } from "~/domain/money";
import { FieldError } from "~/components/ui/field-error";
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
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-name`}>{t("goals.name")}</Label>
        <Input
          id={`${id}-name`}
          name="name"
          defaultValue={values?.name ?? ""}
          maxLength={goalNameMaxLength}
          placeholder={t("goals.namePlaceholder")}
          aria-invalid={errors?.name ? true : undefined}
          required
        />
        <FieldError message={errors?.name} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-target`}>{t("goals.target", { currency: currencySymbol(format.currency, format.language) })}</Label>
          <Input
            id={`${id}-target`}
            name="target"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={target}
            placeholder={`1500${decimal}00`}
            aria-invalid={errors?.target ? true : undefined}
            required
          />
          <FieldError message={errors?.target} />
        </div>
        {showDeadline && (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-deadline`}>
              {t("goals.deadlineLabel")} <span className="font-normal text-muted-foreground">{t("entry.optional")}</span>
            </Label>
            <Input id={`${id}-deadline`} name="deadline" type="date" defaultValue={values?.deadline ?? ""} aria-invalid={errors?.deadline ? true : undefined} />
            <FieldError message={errors?.deadline} />
          </div>
        )}
      </div>
    </>
  );
}
