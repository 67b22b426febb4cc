import BellIcon from "lucide-react/icons/bell";
import ChevronDownIcon from "lucide-react/icons/chevron-down";
import ChartColumnIcon from "lucide-react/icons/chart-column";
import CrownIcon from "lucide-react/icons/crown";
import FileChartColumnIcon from "lucide-react/icons/file-chart-column";
import LayoutDashboardIcon from "lucide-react/icons/layout-dashboard";
import PiggyBankIcon from "lucide-react/icons/piggy-bank";
import ReceiptIcon from "lucide-react/icons/receipt";
import ScaleIcon from "lucide-react/icons/scale";
import SettingsIcon from "lucide-react/icons/settings";
import TargetIcon from "lucide-react/icons/target";
import TrendingDownIcon from "lucide-react/icons/trending-down";
import TrendingUpIcon from "lucide-react/icons/trending-up";
import UserPlusIcon from "lucide-react/icons/user-plus";
import WalletIcon from "lucide-react/icons/wallet";
import type { LucideIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import type { Language } from "~/domain/languages";
import { AppLink } from "~/features/marketing/components/app-link";
import { SeoHead } from "~/features/marketing/components/seo-head";
import { demoGoalRatio, demoMonth, demoNetCents, demoSavingsRate } from "~/features/marketing/demo-figures";
import { formatEuro, formatPercent } from "~/features/marketing/format";
import { useLanguage } from "~/i18n/use-language";
import { cn } from "~/lib/cn";
import { isOneOf } from "~/lib/one-of";

export const handle = { i18n: ["marketing"] };

const periods = ["monthly", "weekly", "yearly"] as const;
type Period = (typeof periods)[number];

interface SummaryCard {
  key: "totalIncome" | "totalExpenses" | "netAmount" | "savingsRate";
  icon: LucideIcon;
  value: (language: Language) => string;
  trend: number;
  /** Whether a rising figure is good news (it is not for expenses). */
  upIsGood: boolean;
}

const summaryCards: SummaryCard[] = [
  {
    key: "totalIncome",
    icon: WalletIcon,
    value: (l) => formatEuro(demoMonth.incomeCents, l),
    trend: demoMonth.trends.income,
    upIsGood: true,
  },
  {
    key: "totalExpenses",
    icon: ReceiptIcon,
    value: (l) => formatEuro(demoMonth.expensesCents, l),
    trend: demoMonth.trends.expenses,
    upIsGood: false,
  },
  {
    key: "netAmount",
    icon: ScaleIcon,
    value: (l) => formatEuro(demoNetCents, l),
    trend: demoMonth.trends.net,
    upIsGood: true,
  },
  {
    key: "savingsRate",
    icon: PiggyBankIcon,
    value: (l) => formatPercent(demoSavingsRate, l),
    trend: demoMonth.trends.savingsRate,
    upIsGood: true,
  },
];

/** The seven app sections, in the order of the app's bottom tab bar. */
const tabs = [
  { key: "dashboard", icon: LayoutDashboardIcon, to: "/dashboard" },
  { key: "income", icon: WalletIcon, to: "/app/income" },
  { key: "expenses", icon: ReceiptIcon, to: "/app/expenses" },
  { key: "goals", icon: TargetIcon, to: "/app/goals" },
  { key: "reports", icon: FileChartColumnIcon, to: "/app/reports" },
  { key: "settings", icon: SettingsIcon, to: "/app/settings" },
  { key: "upgrade", icon: CrownIcon, to: "/app/upgrade" },
] as const satisfies readonly { key: string; icon: LucideIcon; to: string }[];

function NotificationsButton() {
  const { t } = useTranslation("marketing");
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="relative">
      <Button
        variant="outline"
        size="icon"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => event.key === "Escape" && setOpen(false)}
      >
        <BellIcon aria-hidden="true" />
        <span className="sr-only">{t("dashboard.notifications")}</span>
        <span
          aria-hidden="true"
          className="absolute right-2 top-2 size-2 rounded-full bg-destructive ring-2 ring-card"
        />
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 top-full z-20 mt-2 w-72 rounded-xl border bg-popover p-4 text-sm text-popover-foreground shadow-lg"
      >
        {t("dashboard.notificationsEmpty")}
      </div>
    </div>
  );
}

export default function DashboardDemo() {
  const { t } = useTranslation("marketing");
  const language = useLanguage();
  const [period, setPeriod] = useState<Period>("monthly");
  const periodSelectId = useId();

  return (
    <>
      <SeoHead path="/dashboard" title={t("seo.dashboard.title")} description={t("seo.dashboard.description")} />
      <div className="bg-muted/50" data-testid="dashboard-demo">
        <div data-testid="dashboard-content" className="mx-auto max-w-6xl px-4 pb-10 pt-8 sm:px-6 sm:pt-10">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div>
              <h1 className="text-3xl font-semibold tracking-tight">{t("dashboard.title")}</h1>
              <p className="mt-1 text-muted-foreground">{t("dashboard.subtitle")}</p>
            </div>
            <div className="flex items-center gap-2">
              <NotificationsButton />
              <Button asChild>
                <AppLink to="/signup">
                  <UserPlusIcon aria-hidden="true" />
                  {t("dashboard.invitePartner")}
                </AppLink>
              </Button>
            </div>
          </div>
          <p
            data-testid="demo-notice"
            className="mt-5 rounded-xl border border-primary/20 bg-secondary/60 px-4 py-3 text-sm text-secondary-foreground"
          >
            {t("dashboard.demoNotice")}
          </p>

          <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {summaryCards.map(({ key, icon: Icon, value, trend, upIsGood }) => {
              const good = trend >= 0 === upIsGood;
              const TrendIcon = trend >= 0 ? TrendingUpIcon : TrendingDownIcon;
              return (
                <li key={key}>
                  <Card className="h-full" data-card={key}>
                    <CardHeader className="flex-row items-start justify-between gap-2 p-4 pb-2 sm:p-6 sm:pb-2">
                      <h2 className="min-w-0 break-words text-sm font-medium leading-tight text-muted-foreground">
                        {t(`dashboard.cards.${key}`)}
                      </h2>
                      <Icon className="hidden size-4 shrink-0 text-muted-foreground sm:block" />
                    </CardHeader>
                    <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
                      <p className="text-xl font-semibold tracking-tight sm:text-2xl">{value(language)}</p>
                      <p
                        className={cn(
                          "mt-1 flex items-start gap-1 text-xs font-medium",
                          good ? "text-success" : "text-destructive",
                        )}
                      >
                        <TrendIcon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                        {t("dashboard.trend", { value: formatPercent(trend, language, { signed: true }) })}
                      </p>
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ul>

          <div className="mt-3 grid gap-3 sm:mt-4 sm:gap-4 lg:grid-cols-3 lg:items-start">
            <Card>
              <CardHeader className="flex-row items-center justify-between pb-3">
                <h2 className="font-semibold leading-tight">{t("dashboard.goals.title")}</h2>
                <TargetIcon aria-hidden="true" className="size-4 text-muted-foreground" />
              </CardHeader>
              <CardContent className="flex flex-col gap-3">
                <div className="flex items-baseline justify-between gap-2">
                  <p className="font-medium">{t("dashboard.goals.name")}</p>
                  <p className="text-sm text-muted-foreground">
                    {t("dashboard.goals.reached", { percent: formatPercent(demoGoalRatio, language) })}
                  </p>
                </div>
                <div
                  role="progressbar"
                  aria-label={t("dashboard.goals.name")}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(demoGoalRatio * 100)}
                  className="h-2.5 overflow-hidden rounded-full bg-secondary"
                >
                  <div className="h-full rounded-full bg-primary" style={{ width: `${demoGoalRatio * 100}%` }} />
                </div>
                <p className="text-sm text-muted-foreground">
                  {t("dashboard.goals.progress", {
                    saved: formatEuro(demoMonth.goal.savedCents, language),
                    target: formatEuro(demoMonth.goal.targetCents, language),
                  })}
                </p>
              </CardContent>
            </Card>

            <Card className="lg:col-span-2">
              <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-3">
                <div>
                  <h2 className="font-semibold leading-tight">{t("dashboard.chart.title")}</h2>
                  <p className="mt-1 text-sm text-muted-foreground" aria-live="polite" data-testid="period-label">
                    {t(`dashboard.chart.showing.${period}`)}
                  </p>
                </div>
                {/* A native select: it needs no script to open, and phones show their own picker. */}
                <div className="relative">
                  <label htmlFor={periodSelectId} className="sr-only">
                    {t("dashboard.chart.period")}
                  </label>
                  <select
                    id={periodSelectId}
                    value={period}
                    onChange={(event) => {
                      const chosen = event.target.value;
                      if (isOneOf(periods, chosen)) setPeriod(chosen);
                    }}
                    className="h-10 w-36 appearance-none rounded-md border border-input bg-card py-2 pl-3 pr-9 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {periods.map((option) => (
                      <option key={option} value={option}>
                        {t(`dashboard.chart.periods.${option}`)}
                      </option>
                    ))}
                  </select>
                  <ChevronDownIcon className="pointer-events-none absolute right-3 top-3 size-4 opacity-60" />
                </div>
              </CardHeader>
              <CardContent>
                <div className="relative flex h-56 items-end gap-3 overflow-hidden rounded-xl border border-dashed bg-muted/40 px-6 pb-6 pt-16">
                  {demoMonth.history.map((month, index) => (
                    <div key={index} aria-hidden="true" className="flex h-full flex-1 items-end gap-1.5 opacity-40">
                      <div
                        className="flex-1 rounded-t bg-primary/40"
                        style={{ height: `${(month.income / 4500) * 100}%` }}
                      />
                      <div
                        className="flex-1 rounded-t bg-muted-foreground/25"
                        style={{ height: `${(month.expenses / 4500) * 100}%` }}
                      />
                    </div>
                  ))}
                  <p className="absolute inset-x-6 top-5 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
                    <ChartColumnIcon aria-hidden="true" className="size-4 shrink-0" />
                    {t("dashboard.chart.placeholder")}
                  </p>
                </div>
              </CardContent>
            </Card>
          </div>
        </div>

        {/* Small screens: the app's seven sections as a bottom tab bar; it stays above the footer. */}
        <nav
          aria-label={t("dashboard.tabs.label")}
          className="sticky bottom-0 z-30 border-t bg-card/95 backdrop-blur md:hidden"
        >
          <ul className="grid grid-cols-7">
            {tabs.map(({ key, icon: Icon, to }) => {
              const current = key === "dashboard";
              const className = cn(
                "flex flex-col items-center gap-1 px-0.5 pb-2 pt-2.5 text-[10px] font-medium leading-none",
                current ? "text-primary" : "text-muted-foreground",
              );
              const content = (
                <>
                  <Icon aria-hidden="true" className="size-5" />
                  <span className="w-full truncate text-center">{t(`dashboard.tabs.${key}`)}</span>
                </>
              );
              return (
                <li key={key}>
                  {current ? (
                    <Link to={to} aria-current="page" className={className}>
                      {content}
                    </Link>
                  ) : (
                    <AppLink to={to} className={className}>
                      {content}
                    </AppLink>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </>
  );
}
