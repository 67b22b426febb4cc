import CircleAlertIcon from "lucide-react/icons/circle-exclamation-point";
import { useTranslation } from "~/i18n/react";
import { tDynamic } from "~/i18n/translator";

/** A field's message (a translation key from the schema) under the field, announced to screen readers. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  const { t } = useTranslation("app");
  if (!message) return null;
  return (
    <p id={id} className="flex items-center gap-1.5 text-sm font-medium text-destructive" role="alert">
      <CircleAlertIcon aria-hidden="true" className="size-4 shrink-0" />
      {tDynamic(t, message)}
    </p>
  );
}

/** A message about the whole form (read-only household, plan limit). */
export function FormError({ message }: { message?: string }) {
  const { t } = useTranslation("app");
  if (!message) return null;
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm font-medium text-destructive"
      role="alert"
    >
      <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {tDynamic(t, message)}
    </p>
  );
}
