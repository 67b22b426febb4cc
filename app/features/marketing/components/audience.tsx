import GraduationCapIcon from "lucide-react/icons/graduation-cap";
import HeartIcon from "lucide-react/icons/heart";
import HouseIcon from "lucide-react/icons/house";
import PlaneIcon from "lucide-react/icons/plane";
import type { LucideIcon } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { IconTile, Section, SectionHeader } from "./section";

const groups = [
  { key: "couples", icon: HeartIcon },
  { key: "families", icon: HouseIcon },
  { key: "expats", icon: PlaneIcon },
  { key: "students", icon: GraduationCapIcon },
] as const satisfies readonly { key: string; icon: LucideIcon }[];

export function Audience() {
  const { t } = useTranslation("marketing");
  return (
    <Section tone="muted" aria-labelledby="audience-title">
      <SectionHeader
        id="audience-title"
        eyebrow={t("home.audience.eyebrow")}
        title={t("home.audience.title")}
        subtitle={t("home.audience.subtitle")}
      />
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {groups.map(({ key, icon: Icon }) => (
          <li key={key} className="flex flex-col gap-4 rounded-2xl border bg-card p-6 shadow-sm">
            <IconTile>
              <Icon aria-hidden="true" />
            </IconTile>
            <h3 className="text-lg font-semibold">{t(`home.audience.items.${key}.title`)}</h3>
            <p className="text-sm leading-relaxed text-muted-foreground">{t(`home.audience.items.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
