import { useTranslation } from "~/i18n/react";
import { dateFormat } from "~/domain/intl-formats";
import { describeSchedule, type Schedule } from "~/domain/recurring";
import { useFormat } from "~/features/household/components/use-app-shell";

type Weekday = "1" | "2" | "3" | "4" | "5" | "6" | "7";

/** A schedule as a sentence in the reader's language: "Every month on day 5", "Every 2 weeks on Friday". */
export function useScheduleSentence() {
  const { t } = useTranslation("recurring");
  const format = useFormat();
  return (schedule: Schedule): string => {
    const sentence = describeSchedule(schedule);
    const every = sentence.count > 1;
    const count = sentence.count;
    switch (sentence.key) {
      case "monthlyOnDay":
        return every
          ? t("schedule.monthlyOnDayEvery", { count, day: sentence.day })
          : t("schedule.monthlyOnDay", { day: sentence.day });
      case "monthlyOnLastDay":
        return every ? t("schedule.monthlyOnLastDayEvery", { count }) : t("schedule.monthlyOnLastDay");
      case "weeklyOn": {
        const weekday = t(`schedule.weekdays.${String(sentence.weekday) as Weekday}`);
        return every ? t("schedule.weeklyOnEvery", { count, weekday }) : t("schedule.weeklyOn", { weekday });
      }
      case "yearlyOn": {
        const date = dateFormat(format.language, { day: "numeric", month: "long" }).format(
          new Date(`${sentence.date}T00:00:00Z`),
        );
        return every ? t("schedule.yearlyOnEvery", { count, date }) : t("schedule.yearlyOn", { date });
      }
    }
  };
}
