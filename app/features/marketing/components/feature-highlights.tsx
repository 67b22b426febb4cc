import ArrowRightIcon from "lucide-react/icons/arrow-right";
import CalendarDaysIcon from "lucide-react/icons/calendar-days";
import ChartColumnIcon from "lucide-react/icons/chart-column";
import HeartHandshakeIcon from "lucide-react/icons/heart-handshake";
import PiggyBankIcon from "lucide-react/icons/piggy-bank";
import TagsIcon from "lucide-react/icons/tags";
import WalletIcon from "lucide-react/icons/wallet";
import type { LucideIcon } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { IconTile, Section, SectionHeader } from "./section";

const items = [
  { key: "track", icon: WalletIcon },
  { key: "categories", icon: TagsIcon },
  { key: "overview", icon: CalendarDaysIcon },
  { key: "goals", icon: PiggyBankIcon },
  { key: "analytics", icon: ChartColumnIcon },
  { key: "partner", icon: HeartHandshakeIcon },
] as const satisfies readonly { key: string; icon: LucideIcon }[];

/** The home page's short tour of what the product does; /features tells the longer story. */
export function FeatureHighlights() {
  const { t } = useTranslation("marketing");
  return (
    <Section tone="muted" aria-labelledby="features-title">
      <SectionHeader
        id="features-title"
        eyebrow={t("home.features.eyebrow")}
        title={t("home.features.title")}
        subtitle={t("home.features.subtitle")}
      />
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {items.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-4 rounded-2xl border bg-card p-6 shadow-sm">
            <IconTile>
              <Icon aria-hidden="true" />
            </IconTile>
            <div>
              <h3 className="font-semibold">{t(`home.features.items.${key}.title`)}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">
                {t(`home.features.items.${key}.text`)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <Link
          to="/features"
          className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("home.features.more")}
          <ArrowRightIcon aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </Section>
  );
}
