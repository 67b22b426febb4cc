import EyeIcon from "lucide-react/icons/eye";
import EyeOffIcon from "lucide-react/icons/eye-off";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";
import type { AuthErrorCode } from "../auth-errors";

interface AuthFieldProps extends Omit<React.ComponentProps<"input">, "id" | "name"> {
  name: string;
  label: string;
  /** A short hint under the input (e.g. "Optional", the password rule). */
  hint?: string;
  error?: AuthErrorCode;
  /** Adds a show/hide button to a password input. */
  revealable?: boolean;
  /** Id prefix, so two forms on one page keep unique ids. */
  idPrefix?: string;
  labelAside?: React.ReactNode;
}

/** Label, input, hint and the field's error, wired together for screen readers. */
export function AuthField({
  name,
  label,
  hint,
  error,
  revealable,
  idPrefix = "auth",
  labelAside,
  className,
  type,
  ...props
}: AuthFieldProps) {
  const { t } = useTranslation("auth");
  const [revealed, setRevealed] = useState(false);
  const id = `${idPrefix}-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <div className="relative">
        <Input
          id={id}
          name={name}
          type={revealable && revealed ? "text" : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(revealable && "pr-11", className)}
          {...props}
        />
        {revealable && (
          <button
            type="button"
            onClick={() => setRevealed((value) => !value)}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
            aria-label={revealed ? t("screen.hidePassword") : t("screen.showPassword")}
            aria-pressed={revealed}
            aria-controls={id}
          >
            {revealed ? (
              <EyeOffIcon className="size-4" aria-hidden="true" />
            ) : (
              <EyeIcon className="size-4" aria-hidden="true" />
            )}
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {t(`errors.${error}`)}
        </p>
      )}
    </div>
  );
}
