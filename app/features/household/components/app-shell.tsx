import CalendarClockIcon from "lucide-react/icons/calendar-clock";
import ChartColumnIcon from "lucide-react/icons/chart-column";
import CheckIcon from "lucide-react/icons/check";
import ChevronsUpDownIcon from "lucide-react/icons/chevrons-up-down";
import CrownIcon from "lucide-react/icons/crown";
import FileUpIcon from "lucide-react/icons/file-up";
import LayoutDashboardIcon from "lucide-react/icons/layout-dashboard";
import LogOutIcon from "lucide-react/icons/log-out";
import EllipsisIcon from "lucide-react/icons/ellipsis";
import GaugeIcon from "lucide-react/icons/gauge";
import HandCoinsIcon from "lucide-react/icons/hand-coins";
import PiggyBankIcon from "lucide-react/icons/piggy-bank";
import ReceiptIcon from "lucide-react/icons/receipt";
import SettingsIcon from "lucide-react/icons/settings";
import SparklesIcon from "lucide-react/icons/sparkles";
import WalletCardsIcon from "lucide-react/icons/wallet-cards";
import WalletIcon from "lucide-react/icons/wallet";
import type { LucideIcon } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { BrandLogo, BrandMark } from "~/components/layout/brand-logo";
import { signOutAction } from "~/components/layout/header-auth";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { Plan } from "~/domain/plans";
import { householdName } from "../household-name";
import { useAppShell } from "./use-app-shell";

interface NavItem {
  to: string;
  key:
    | "dashboard"
    | "income"
    | "expenses"
    | "budgets"
    | "recurring"
    | "accounts"
    | "import"
    | "rules"
    | "goals"
    | "settleUp"
    | "reports"
    | "settings"
    | "upgrade";
  icon: LucideIcon;
  end?: boolean;
  /**
   * One of the phone's bottom-bar tabs. Four screens and "More" is what holds at 360 px with German and Ukrainian
   * labels: the screens used every week (the month's money and its budgets) get a tab, the rest are one tap away.
   */
  phoneTab?: boolean;
}

/** The screens in the sidebar's order; the bottom bar shows the phone tabs in the same order, then "More". */
export const navItems: NavItem[] = [
  { to: "/app", key: "dashboard", icon: LayoutDashboardIcon, end: true, phoneTab: true },
  { to: "/app/income", key: "income", icon: WalletIcon, phoneTab: true },
  { to: "/app/expenses", key: "expenses", icon: ReceiptIcon, phoneTab: true },
  { to: "/app/budgets", key: "budgets", icon: GaugeIcon, phoneTab: true },
  { to: "/app/recurring", key: "recurring", icon: CalendarClockIcon },
  { to: "/app/accounts", key: "accounts", icon: WalletCardsIcon },
  { to: "/app/import", key: "import", icon: FileUpIcon },
  { to: "/app/rules", key: "rules", icon: SparklesIcon },
  { to: "/app/goals", key: "goals", icon: PiggyBankIcon },
  { to: "/app/settle-up", key: "settleUp", icon: HandCoinsIcon },
  { to: "/app/reports", key: "reports", icon: ChartColumnIcon },
  { to: "/app/settings", key: "settings", icon: SettingsIcon },
  { to: "/app/upgrade", key: "upgrade", icon: CrownIcon },
];

type PhoneTabKey = "dashboard" | "income" | "expenses" | "budgets";
type MoreItem = NavItem & { key: Exclude<NavItem["key"], PhoneTabKey> };

/** What the "More" tab lists: every screen without a tab of its own. */
export const moreItems = navItems.filter((item): item is MoreItem => !item.phoneTab);

/** A screen's name in the navigation: "Upgrade" invites a free household; a premium one finds "Your plan" there. */
export function navLabelKey(key: NavItem["key"], plan: Plan): NavItem["key"] | "plan" {
  return key === "upgrade" && plan !== "free" ? "plan" : key;
}

/** The screens to offer: no "Upgrade" where plans do not apply (an installation without payments has every feature). */
export function shownNavItems<Item extends NavItem>(items: readonly Item[], plansApply: boolean): readonly Item[] {
  return plansApply ? items : items.filter((item) => item.key !== "upgrade");
}

/**
 * The /app frame: a sidebar from 768 px, a header with the household switcher and the alert-dot notifications,
 * and below 768 px the bottom bar of four tabs and "More". The header's add button and notifications belong to budget: the
 * layout route hands them in, so the frame knows nothing of transactions.
 */
export function AppShell({
  children,
  addEntry,
  notifications,
}: {
  children: ReactNode;
  addEntry: ReactNode;
  notifications: ReactNode;
}) {
  const { t } = useTranslation("app");
  const shell = useAppShell();
  return (
    <div className="min-h-dvh bg-muted/40 md:grid md:grid-cols-[15.5rem_minmax(0,1fr)]">
      <aside
        className="sticky top-0 hidden h-dvh flex-col gap-4 border-r bg-card px-3 py-4 md:flex"
        aria-label={t("nav.sidebar")}
      >
        <Link to="/app" className="px-2">
          <BrandLogo />
        </Link>
        <HouseholdSwitcher />
        {/* On a short window (a 1366 × 700 laptop) the list scrolls; the plan card, account and sign-out stay in view. */}
        <nav aria-label={t("nav.main")} className="-mx-1 flex min-h-0 flex-col gap-0.5 overflow-y-auto px-1">
          {shownNavItems(navItems, shell.plansApply).map((item) => (
            <NavLink
              key={item.key}
              to={item.to}
              end={item.end}
              prefetch="intent"
              className={({ isActive }) =>
                cn(
                  "nav-link",
                  isActive && "bg-secondary text-foreground",
                  item.key === "upgrade" && shell.household.plan === "free" && !isActive && "text-accent-foreground",
                )
              }
            >
              <item.icon aria-hidden="true" />
              {t(`nav.${navLabelKey(item.key, shell.household.plan)}`)}
            </NavLink>
          ))}
        </nav>
        <div className="mt-auto flex flex-col gap-3">
          {shell.household.plan === "free" && (
            <Link
              to="/app/upgrade"
              className="rounded-xl border border-accent bg-accent/60 p-4 text-sm transition-colors hover:bg-accent"
            >
              <span className="flex items-center gap-2 font-semibold text-accent-foreground">
                <CrownIcon aria-hidden="true" className="size-4" />
                {t("upgrade.sidebarTitle")}
              </span>
              <span className="mt-1 block text-muted-foreground">{t("upgrade.sidebarText")}</span>
            </Link>
          )}
          <div className="flex items-center gap-2 rounded-lg px-2 py-1">
            <span
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
              aria-hidden="true"
            >
              {(shell.user.name || shell.user.email).slice(0, 1).toUpperCase()}
            </span>
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate font-medium">{shell.user.name || shell.user.email}</p>
              <p className="truncate text-xs text-muted-foreground">{shell.user.email}</p>
            </div>
            <Form method="post" action={signOutAction}>
              <Button
                type="submit"
                variant="ghost"
                size="icon"
                className="size-9"
                aria-label={t("nav.signOut")}
                title={t("nav.signOut")}
              >
                <LogOutIcon aria-hidden="true" />
              </Button>
            </Form>
          </div>
        </div>
      </aside>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b bg-card/90 px-4 backdrop-blur md:h-16 md:bg-background/90 md:px-8">
          <Link to="/app" className="md:hidden">
            <BrandMark />
            <span className="sr-only">Samen</span>
          </Link>
          <div className="min-w-0 flex-1 md:hidden">
            <HouseholdSwitcher compact />
          </div>
          <div className="hidden flex-1 md:block" />
          {shell.household.canWrite && addEntry}
          {!shell.household.canWrite && (
            <span className="hidden rounded-full bg-secondary px-3 py-1 text-xs font-medium text-secondary-foreground sm:inline">
              {t("household.readOnlyBadge")}
            </span>
          )}
          {notifications}
        </header>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pb-36 pt-4 md:px-8 md:pb-16 md:pt-2">
          {children}
        </main>
      </div>

      <BottomBar />
    </div>
  );
}

const phoneTabs = navItems.filter((item) => item.phoneTab);

function BottomBar() {
  const { t } = useTranslation("app");
  const { pathname } = useLocation();
  // "More" stays lit on the screens it leads to, so a phone always shows where it is.
  const onMoreScreen =
    pathname === "/app/more" || moreItems.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  const tabs = [
    ...phoneTabs.map((item) => ({ ...item, label: t(`nav.short.${item.key}`), forceActive: false })),
    {
      to: "/app/more",
      key: "more",
      icon: EllipsisIcon,
      end: true,
      label: t("nav.short.more"),
      forceActive: onMoreScreen,
    },
  ];
  return (
    <nav
      aria-label={t("nav.tabs")}
      data-tab-bar=""
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-5">
        {tabs.map((item) => (
          <li key={item.key} className="min-w-0">
            <NavLink
              to={item.to}
              end={item.end}
              prefetch="intent"
              className={({ isActive }) => cn("tab-link", (isActive || item.forceActive) && "text-primary")}
            >
              {({ isActive }) => (
                <>
                  <span className={cn("tab-icon", (isActive || item.forceActive) && "bg-secondary")}>
                    <item.icon aria-hidden="true" />
                  </span>
                  {/* Past what the bar can give (a narrower phone), a label ends in an ellipsis rather than running into the next. */}
                  <span className="max-w-full truncate text-center">{item.label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Switches between the user's own household and those they are a partner in. A <details> menu of plain
 * form buttons, so it works before JavaScript; with it, a click outside closes the menu.
 */
function HouseholdSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation("app");
  const shell = useAppShell();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (details.current?.open && !(event.target instanceof Node && details.current.contains(event.target)))
        details.current.open = false;
    };
    document.addEventListener("click", close);
    return () => document.removeEventListener("click", close);
  }, []);

  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.key]);

  const current = shell.household;
  return (
    <details ref={details} className="group relative">
      <summary
        className={cn("household-switcher", compact ? "max-w-full px-2 py-1.5" : "border bg-background px-3 py-2.5")}
      >
        <span className="sr-only">{t("household.switch")}: </span>
        <span className="min-w-0 flex-1">
          {!compact && <span className="block text-xs text-muted-foreground">{t("household.label")}</span>}
          <span className="block truncate text-sm font-semibold">{householdName(current, t)}</span>
        </span>
        <ChevronsUpDownIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </summary>
      <div className="household-menu">
        <p className="px-2 pb-1 pt-2 text-xs font-medium text-muted-foreground">{t("household.yourHouseholds")}</p>
        <Form method="post" action="/app/household">
          <input type="hidden" name="redirectTo" value={location.pathname} />
          {shell.households.map((household) => (
            <button
              key={household.id}
              type="submit"
              name="householdId"
              value={household.id}
              className="household-option"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{householdName(household, t)}</span>
                <span className="block text-xs text-muted-foreground">
                  {t(
                    household.role === "owner"
                      ? "household.roleOwner"
                      : household.canEdit
                        ? "household.roleEditor"
                        : "household.rolePartner",
                  )}
                </span>
              </span>
              {household.id === current.id && (
                <CheckIcon aria-label={t("household.current")} className="size-4 text-primary" />
              )}
            </button>
          ))}
        </Form>
        {/* Only the owner invites: a partner is not shown a control they may not use. */}
        {current.role === "owner" && (
          <Link
            to={current.plan === "premium" ? "/app/settings#partner" : "/app/upgrade?feature=partners"}
            className="mt-1 block rounded-md border-t px-2 py-2 text-sm text-primary hover:bg-secondary"
          >
            {t("dashboard.invitePartner")}
          </Link>
        )}
      </div>
    </details>
  );
}
