import StarIcon from "lucide-react/icons/star";
import { useTranslation } from "~/i18n/react";
import { Section, SectionHeader } from "./section";

/** Each testimonial's stars; all three are five-star reviews. */
const reviews = [
  { key: "couple", stars: 5 },
  { key: "expat", stars: 5 },
  { key: "student", stars: 5 },
] as const;

function Stars({ count }: { count: number }) {
  const { t } = useTranslation("marketing");
  return (
    <div role="img" aria-label={t("home.testimonials.rating", { count })} className="flex gap-0.5 text-warning">
      {Array.from({ length: 5 }, (_, index) => (
        <StarIcon key={index} aria-hidden="true" className="size-4.5" fill={index < count ? "currentColor" : "none"} />
      ))}
    </div>
  );
}

export function Testimonials() {
  const { t } = useTranslation("marketing");
  return (
    <Section aria-labelledby="testimonials-title">
      <SectionHeader
        id="testimonials-title"
        eyebrow={t("home.testimonials.eyebrow")}
        title={t("home.testimonials.title")}
      />
      <ul className="mt-12 grid gap-5 md:grid-cols-3">
        {reviews.map(({ key, stars }) => (
          <li key={key}>
            <figure className="flex h-full flex-col gap-5 rounded-2xl border bg-card p-6 shadow-sm">
              <Stars count={stars} />
              <blockquote className="flex-1 leading-relaxed text-foreground">
                “{t(`home.testimonials.items.${key}.quote`)}”
              </blockquote>
              <figcaption className="flex items-center gap-3 border-t pt-4">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-primary"
                >
                  {t(`home.testimonials.items.${key}.name`).charAt(0)}
                </span>
                <span className="flex flex-col">
                  <span className="font-semibold">{t(`home.testimonials.items.${key}.name`)}</span>
                  <span className="text-sm text-muted-foreground">{t(`home.testimonials.items.${key}.location`)}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
