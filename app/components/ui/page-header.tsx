import type * as React from "react";

/**
 * A signed-in page's title, the line under it, and its controls (a month switcher, an add button, a total). The controls
 * stand beside the title where they fit and wrap below it where they do not: at 768 px the sidebar leaves about 490 px,
 * too little for "Einnahmen" with "November 2026" and "Einnahme hinzufügen" side by side.
 */
export function PageHeader({
  title,
  subtitle,
  children,
}: {
  title: React.ReactNode;
  subtitle?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}
