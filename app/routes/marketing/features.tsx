import CalendarClockIcon from "lucide-react/icons/calendar-clock";
import FileInputIcon from "lucide-react/icons/file-input";
import HandCoinsIcon from "lucide-react/icons/hand-coins";
import HeartHandshakeIcon from "lucide-react/icons/heart-handshake";
import LayoutDashboardIcon from "lucide-react/icons/layout-dashboard";
import MonitorSmartphoneIcon from "lucide-react/icons/monitor-smartphone";
import ShieldCheckIcon from "lucide-react/icons/shield-check";
import SparklesIcon from "lucide-react/icons/sparkles";
import TargetIcon from "lucide-react/icons/target";
import WalletCardsIcon from "lucide-react/icons/wallet-cards";
import type { LucideIcon } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { CtaBanner } from "~/features/marketing/components/cta-banner";
import { PageHeader } from "~/features/marketing/components/page-header";
import { IconTile } from "~/features/marketing/components/section";
import { SeoHead } from "~/features/marketing/components/seo-head";
import { cn } from "~/lib/cn";

export const handle = { i18n: ["marketing"] };

/**
 * The spec's five feature cards in its order, with the month planned (budgets, bills) and statement import between
 * the overview and the goals, where a reader planning a month looks for them, and the two people of a couple (a
 * partner who edits, fair share and settle up) at the end.
 */
const features = [
  { key: "simple", icon: SparklesIcon },
  { key: "secure", icon: ShieldCheckIcon },
  { key: "overview", icon: LayoutDashboardIcon },
  { key: "budgets", icon: WalletCardsIcon },
  { key: "bills", icon: CalendarClockIcon },
  { key: "import", icon: FileInputIcon },
  { key: "goals", icon: TargetIcon },
  { key: "everywhere", icon: MonitorSmartphoneIcon },
  { key: "together", icon: HeartHandshakeIcon },
  { key: "fairShare", icon: HandCoinsIcon },
] as const satisfies readonly { key: string; icon: LucideIcon }[];

export default function Features() {
  const { t } = useTranslation("marketing");
  return (
    <>
      <SeoHead path="/features" title={t("seo.features.title")} description={t("seo.features.description")} />
      <PageHeader eyebrow={t("features.eyebrow")} title={t("features.title")} subtitle={t("features.subtitle")} />
      <section aria-label={t("features.eyebrow")} className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <ul className="grid gap-6 md:grid-cols-6">
          {features.map(({ key, icon: Icon }, index) => (
            <li
              key={key}
              data-feature={key}
              className={cn(
                "flex flex-col gap-4 rounded-3xl border bg-card p-7 shadow-sm sm:p-8",
                // Two wide cards, rows of three, two wide cards: a calm rhythm instead of a ragged last row.
                index < 2 || index >= features.length - 2 ? "md:col-span-3" : "md:col-span-2",
              )}
            >
              <IconTile className="size-12 [&_svg]:size-6">
                <Icon aria-hidden="true" />
              </IconTile>
              <h2 className="text-xl font-semibold">{t(`features.items.${key}.title`)}</h2>
              <p className="leading-relaxed text-muted-foreground">{t(`features.items.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <CtaBanner
        title={t("features.cta.title")}
        text={t("features.cta.text")}
        signupLabel={t("shared.startFree")}
        secondary={{ label: t("shared.seePricing"), to: "/pricing" }}
      />
    </>
  );
}
