import FeatherIcon from "lucide-react/icons/feather";
import LockIcon from "lucide-react/icons/lock";
import UsersIcon from "lucide-react/icons/users";
import type { LucideIcon } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { CtaBanner } from "~/features/marketing/components/cta-banner";
import { PageHeader } from "~/features/marketing/components/page-header";
import { IconTile } from "~/features/marketing/components/section";
import { SeoHead } from "~/features/marketing/components/seo-head";

export const handle = { i18n: ["marketing"] };

const story = ["origin", "insight", "mission"] as const;
const values = [
  { key: "calm", icon: FeatherIcon },
  { key: "privacy", icon: LockIcon },
  { key: "together", icon: UsersIcon },
] as const satisfies readonly { key: string; icon: LucideIcon }[];

export default function About() {
  const { t } = useTranslation("marketing");
  return (
    <>
      <SeoHead path="/about" title={t("seo.about.title")} description={t("seo.about.description")} />
      <PageHeader eyebrow={t("about.eyebrow")} title={t("about.title")} />
      <section aria-label={t("about.eyebrow")} className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="flex flex-col gap-6 text-pretty text-lg leading-relaxed text-muted-foreground">
          {story.map((paragraph, index) => (
            <p key={paragraph} className={index === 0 ? "text-xl text-foreground" : undefined}>
              {t(`about.story.${paragraph}`)}
            </p>
          ))}
        </div>
      </section>
      <section aria-labelledby="values-title" className="bg-muted/60 py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="values-title" className="text-center text-3xl font-semibold tracking-tight sm:text-4xl">
            {t("about.valuesTitle")}
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {values.map(({ key, icon: Icon }) => (
              <li key={key} className="flex flex-col gap-4 rounded-3xl border bg-card p-7 shadow-sm">
                <IconTile>
                  <Icon aria-hidden="true" />
                </IconTile>
                <h3 className="text-lg font-semibold">{t(`about.values.${key}.title`)}</h3>
                <p className="leading-relaxed text-muted-foreground">{t(`about.values.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CtaBanner title={t("about.cta.title")} text={t("about.cta.text")} signupLabel={t("about.cta.button")} />
    </>
  );
}
