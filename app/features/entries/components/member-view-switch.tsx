import { Link, useLocation } from "react-router";
import { memberViewHref, type MemberView } from "~/domain/member-view";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import { useEntrySharing } from "./use-budget-shell";

/**
 * Ours · Mine · <Partner>'s (design: money-in.md, "Two people"): whose money the page shows. Plain links that keep the
 * page's month and filters, so the view lives in the address (`?view=`) and works without JavaScript. Shown only in a
 * household of two or more. `householdWide`: the page also shows cards that stay the household's whatever the view
 * (the dashboard), and says so under the switch when a member's view is chosen.
 */
export function MemberViewSwitch({
  view,
  householdWide = false,
  className,
}: {
  view: MemberView;
  householdWide?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("app");
  const sharing = useEntrySharing();
  const location = useLocation();
  if (!sharing) return null;
  const options: { view: MemberView; label: string }[] = [
    { view: "ours", label: t("views.ours") },
    { view: "mine", label: t("views.mine") },
    ...sharing.members
      .filter((member) => member.userId !== sharing.currentUserId)
      .map((member) => ({ view: member.userId, label: t("views.member", { name: member.name }) })),
  ];
  const switcher = (
    <nav
      aria-label={t("views.label")}
      className={cn("rounded-lg border bg-card p-1 shadow-xs sm:w-fit", !householdWide && className)}
      data-testid="member-views"
    >
      <ul className="flex gap-1">
        {options.map((option) => (
          <li key={option.view} className="min-w-0 flex-1 sm:flex-none">
            <Link
              to={memberViewHref(location.pathname, location.search, option.view)}
              aria-current={option.view === view ? "page" : undefined}
              preventScrollReset
              className="block truncate rounded-md px-3 py-2 text-center text-sm font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground sm:min-w-20"
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
  // A page that also shows the household's accounts, budgets and goals says which cards follow the view.
  if (!householdWide || view === "ours") return switcher;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      {switcher}
      <p className="text-sm text-muted-foreground" data-testid="member-view-note">
        {t("views.householdWide")}
      </p>
    </div>
  );
}
