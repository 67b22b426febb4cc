import { cn } from "~/lib/cn";

/** The Samen mark: two rings that overlap, for a budget kept together. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="9" className="fill-primary" />
      <circle cx="12.5" cy="16" r="6" fill="none" stroke="white" strokeWidth="2.6" />
      <circle cx="19.5" cy="16" r="6" fill="none" stroke="white" strokeOpacity="0.75" strokeWidth="2.6" />
    </svg>
  );
}

export function BrandLogo({ className }: { className?: string }) {
  return (
    <span
      className={cn("inline-flex items-center gap-2 text-xl font-semibold tracking-tight text-foreground", className)}
    >
      <BrandMark />
      <span>Samen</span>
    </span>
  );
}
