import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { FieldError } from "./field-error";
import { Label } from "./label";

/** A native <select> drawn like Input: it works without JavaScript and on every phone's own picker. */
export const selectClass =
  "h-10 w-full rounded-md border border-input bg-card px-3 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm";

/** A labelled <select> of plain options with its field's message under it, which the select is described by. */
export function SelectField({
  id,
  name,
  label,
  options,
  defaultValue,
  error,
  className,
  onChange,
}: {
  id: string;
  name: string;
  label: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
  defaultValue?: string;
  /** The field's message (a translation key from the schema), shown under the select. */
  error?: string;
  /** The wrapper's classes, beside its column layout. */
  className?: string;
  onChange?: (value: string) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        className={selectClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
