import type * as React from "react";
import { cn } from "~/lib/cn";

type Tone = "plain" | "muted" | "tinted";

const tones: Record<Tone, string> = {
  plain: "bg-background",
  muted: "bg-muted/60",
  tinted: "bg-secondary/50",
};

interface SectionProps extends React.ComponentProps<"section"> {
  tone?: Tone;
  /** Inner width; most sections use the full container, text-heavy ones a narrower column. */
  width?: "wide" | "narrow";
}

export function Section({ tone = "plain", width = "wide", className, children, ...props }: SectionProps) {
  return (
    <section className={cn(tones[tone], "py-16 sm:py-24", className)} {...props}>
      <div className={cn("mx-auto px-4 sm:px-6", width === "wide" ? "max-w-6xl" : "max-w-3xl")}>{children}</div>
    </section>
  );
}

interface SectionHeaderProps {
  id?: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  /** h1 for a page's own header, h2 inside a page. */
  as?: "h1" | "h2";
  align?: "center" | "start";
  className?: string;
}

export function SectionHeader({
  id,
  eyebrow,
  title,
  subtitle,
  as: Heading = "h2",
  align = "center",
  className,
}: SectionHeaderProps) {
  return (
    <div
      className={cn(
        "flex max-w-2xl flex-col gap-3",
        align === "center" && "mx-auto items-center text-center",
        className,
      )}
    >
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-primary">{eyebrow}</p>}
      <Heading
        id={id}
        className={cn(
          "text-balance font-semibold tracking-tight text-foreground",
          Heading === "h1" ? "text-4xl sm:text-5xl" : "text-3xl sm:text-4xl",
        )}
      >
        {title}
      </Heading>
      {subtitle && <p className="text-pretty text-lg leading-relaxed text-muted-foreground">{subtitle}</p>}
    </div>
  );
}

/** The rounded icon tile used on feature, audience and value cards. */
export function IconTile({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        "flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary [&_svg]:size-5",
        className,
      )}
    >
      {children}
    </span>
  );
}
