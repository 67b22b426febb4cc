import CircleAlertIcon from "lucide-react/icons/circle-exclamation-point";
import CircleCheckIcon from "lucide-react/icons/circle-check";
import { cn } from "~/lib/cn";

/** An inline notice inside an auth card: errors for pages without JavaScript, confirmations. */
export function AuthAlert({
  title,
  children,
  tone = "error",
}: {
  title: string;
  children?: React.ReactNode;
  tone?: "error" | "success";
}) {
  const Icon = tone === "error" ? CircleAlertIcon : CircleCheckIcon;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "flex gap-3 rounded-lg border p-4 text-sm",
        tone === "error"
          ? "border-destructive/40 bg-destructive/5 text-destructive"
          : "border-primary/30 bg-secondary text-secondary-foreground",
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        {children && <div className="text-foreground/90">{children}</div>}
      </div>
    </div>
  );
}
