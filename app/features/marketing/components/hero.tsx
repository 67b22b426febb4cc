import ArrowRightIcon from "lucide-react/icons/arrow-right";
import CheckIcon from "lucide-react/icons/check";
import UsersIcon from "lucide-react/icons/users";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { ServerMarkup } from "~/components/ui/server-markup";
import { demoGoalRatio, demoMonth, demoNetCents } from "~/features/marketing/demo-figures";
import { formatEuro, formatPercent } from "~/features/marketing/format";
import { useLanguage } from "~/i18n/use-language";
import { AppLink } from "./app-link";

/** A small, static picture of the dashboard drawn in HTML: sharp at any size and translated with the page. */
function HeroPreview() {
  const { t } = useTranslation("marketing");
  const language = useLanguage();
  const peak = Math.max(...demoMonth.history.map((month) => month.income));
  return (
    <div role="img" aria-label={t("home.hero.previewLabel")} className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-secondary via-accent/60 to-background blur-2xl"
      />
      <div className="rounded-2xl border bg-card p-5 shadow-xl shadow-primary/5 sm:p-6">
        <div className="flex items-center justify-between">
          <p className="text-sm font-medium text-muted-foreground">{t("home.hero.previewMonth")}</p>
          <span className="rounded-full bg-secondary px-2.5 py-1 text-xs font-medium text-secondary-foreground">
            {formatPercent(demoMonth.trends.net, language, { signed: true })}
          </span>
        </div>
        <p className="mt-1 text-3xl font-semibold tracking-tight">{formatEuro(demoNetCents, language)}</p>
        <p className="text-sm text-muted-foreground">{t("home.hero.previewNet")}</p>
        <div className="mt-5 grid grid-cols-2 gap-3">
          <div className="rounded-xl bg-muted/70 p-3">
            <p className="text-xs text-muted-foreground">{t("home.hero.previewIncome")}</p>
            <p className="mt-0.5 font-semibold">{formatEuro(demoMonth.incomeCents, language, { whole: true })}</p>
          </div>
          <div className="rounded-xl bg-muted/70 p-3">
            <p className="text-xs text-muted-foreground">{t("home.hero.previewExpenses")}</p>
            <p className="mt-0.5 font-semibold">{formatEuro(demoMonth.expensesCents, language, { whole: true })}</p>
          </div>
        </div>
        <div className="mt-5 flex h-24 items-end gap-2.5" aria-hidden="true">
          {demoMonth.history.map((month, index) => (
            <div key={index} className="flex flex-1 items-end gap-1">
              <div className="flex-1 rounded-t bg-primary/80" style={{ height: `${(month.income / peak) * 96}px` }} />
              <div
                className="flex-1 rounded-t bg-accent-foreground/30"
                style={{ height: `${(month.expenses / peak) * 96}px` }}
              />
            </div>
          ))}
        </div>
        <div className="mt-5 rounded-xl border p-3">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <p className="font-medium">{t("home.hero.previewGoal")}</p>
            <p className="text-muted-foreground">{formatPercent(demoGoalRatio, language)}</p>
          </div>
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-secondary">
            <div className="h-full rounded-full bg-primary" style={{ width: `${demoGoalRatio * 100}%` }} />
          </div>
          <p className="mt-1.5 text-xs text-muted-foreground">
            {t("home.hero.previewGoalProgress", {
              saved: formatEuro(demoMonth.goal.savedCents, language, { whole: true }),
              target: formatEuro(demoMonth.goal.targetCents, language, { whole: true }),
            })}
          </p>
        </div>
      </div>
      <div className="absolute -bottom-5 -left-3 flex items-center gap-2 rounded-full border bg-card py-2 pl-2 pr-4 text-sm font-medium shadow-lg sm:-left-6">
        <span className="flex size-7 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <UsersIcon aria-hidden="true" className="size-4" />
        </span>
        {t("home.hero.previewShared")}
        <CheckIcon aria-hidden="true" className="size-4 text-success" />
      </div>
    </div>
  );
}

export function Hero() {
  const { t } = useTranslation(["marketing", "common"]);
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-secondary/60 to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pb-20 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:pb-16 lg:pt-20">
        <div className="flex flex-col items-start gap-6">
          <p className="rounded-full border border-primary/20 bg-card/70 px-3 py-1 text-sm font-medium text-primary">
            {t("home.hero.eyebrow")}
          </p>
          <h1 className="text-balance text-4xl font-semibold leading-[1.1] tracking-tight text-foreground sm:text-5xl lg:text-6xl">
            {t("common:tagline")}
          </h1>
          <p className="max-w-xl text-pretty text-lg leading-relaxed text-muted-foreground">
            {t("home.hero.subtitle")}
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <AppLink to="/signup">
                {t("shared.startFree")}
                <ArrowRightIcon aria-hidden="true" />
              </AppLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#pricing">{t("shared.seePricing")}</a>
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">{t("home.hero.note")}</p>
        </div>
        {/* Kept as rendered while the page hydrates: its figures would cost the page its first Intl formatter. */}
        <ServerMarkup className="contents">
          <HeroPreview />
        </ServerMarkup>
      </div>
    </section>
  );
}
