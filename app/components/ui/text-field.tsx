import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";
import { FieldError } from "./field-error";
import { Input } from "./input";
import { Label } from "./label";

type TextFieldProps = Omit<ComponentProps<typeof Input>, "id" | "className"> & {
  id: string;
  label: ReactNode;
  /** A line of help under the input (id `${id}-hint`), which the input is described by. */
  hint?: ReactNode;
  /** The field's message (a translation key from the schema), shown under the input (id `${id}-error`). */
  error?: string;
  /** The wrapper's classes, beside its column layout. */
  className?: string;
  /** The input's classes, beside Input's own. */
  inputClassName?: string;
};

/** A labelled Input with an optional hint and its field's message under it, which the input is described by. */
export function TextField({
  id,
  label,
  hint,
  error,
  className,
  inputClassName,
  "aria-invalid": ariaInvalid,
  "aria-describedby": ariaDescribedBy,
  ...props
}: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== "";
  const describedBy =
    [ariaDescribedBy, hasHint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        {...props}
        id={id}
        className={inputClassName}
        aria-invalid={error ? true : ariaInvalid}
        aria-describedby={describedBy}
      />
      {hasHint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
