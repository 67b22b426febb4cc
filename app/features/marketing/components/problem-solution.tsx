import CircleCheckIcon from "lucide-react/icons/circle-check";
import CircleXIcon from "lucide-react/icons/circle-x";
import { useTranslation } from "~/i18n/react";
import { Section, SectionHeader } from "./section";

const points = ["scattered", "arguments", "savings", "anxiety"] as const;

export function ProblemSolution() {
  const { t } = useTranslation("marketing");
  return (
    <Section aria-labelledby="problem-title">
      <SectionHeader
        id="problem-title"
        eyebrow={t("home.problem.eyebrow")}
        title={t("home.problem.title")}
        subtitle={t("home.problem.subtitle")}
      />
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        <div className="rounded-2xl border bg-muted/50 p-6 sm:p-8">
          <h3 className="text-lg font-semibold text-muted-foreground">{t("home.problem.beforeTitle")}</h3>
          <ul className="mt-5 flex flex-col gap-4">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-muted-foreground">
                <CircleXIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive/70" />
                <span>{t(`home.problem.before.${point}`)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-primary/25 bg-card p-6 shadow-sm sm:p-8">
          <h3 className="text-lg font-semibold text-primary">{t("home.problem.afterTitle")}</h3>
          <ul className="mt-5 flex flex-col gap-4">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-foreground">
                <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                <span>{t(`home.problem.after.${point}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
