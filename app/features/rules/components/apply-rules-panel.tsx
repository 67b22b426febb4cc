import PlayIcon from "lucide-react/icons/play";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field-error";
import { useAppShell } from "~/features/household/components/use-app-shell";
import { useTranslation } from "~/i18n/react";
import type { ApplyCounts } from "../apply-rules.server";
import type { handleRuleAction } from "../rule-actions.server";

type Answer = { intent: "preview" | "apply"; counts: ApplyCounts } | { refused: string | undefined };

/**
 * "Apply to existing entries": first how many entries would change (and how), then, confirmed, the change itself in
 * one database transaction. Plain forms: without JavaScript the page comes back with the count (`plainAnswer`).
 */
export function ApplyRulesPanel({ plainAnswer }: { plainAnswer?: Answer }) {
  const { t } = useTranslation("rules");
  const shell = useAppShell();
  const fetcher = useFetcher<typeof handleRuleAction>();
  const fetched: Answer | undefined = fetcher.data
    ? fetcher.data.ok && (fetcher.data.intent === "preview" || fetcher.data.intent === "apply")
      ? { intent: fetcher.data.intent, counts: fetcher.data.counts }
      : !fetcher.data.ok
        ? { refused: fetcher.data.fieldErrors.form }
        : undefined
    : undefined;
  const answer = fetched ?? plainAnswer;
  const busy = fetcher.state !== "idle";
  const form = (intent: "preview" | "apply", label: string, variant: "default" | "outline") => (
    <fetcher.Form method="post" action="/app/rules">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="householdId" value={shell.household.id} />
      <Button type="submit" variant={variant} disabled={busy}>
        {intent === "apply" && <PlayIcon aria-hidden="true" />}
        {label}
      </Button>
    </fetcher.Form>
  );

  return (
    <Card className="flex flex-col gap-3 p-5" aria-labelledby="apply-rules-title">
      <div>
        <h2 id="apply-rules-title" className="font-semibold">
          {t("apply.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("apply.hint")}</p>
      </div>
      <div role="status" aria-live="polite" className="text-sm">
        {answer && "refused" in answer && <FormError message={answer.refused} />}
        {answer && "counts" in answer && answer.intent === "apply" && (
          <p className="font-medium">{t("apply.done", { rows: answer.counts.rows })}</p>
        )}
        {answer && "counts" in answer && answer.intent === "preview" && (
          <div className="flex flex-col gap-1">
            <p className="font-medium">
              {answer.counts.rows === 0 ? t("apply.nothing") : t("apply.wouldChange", { rows: answer.counts.rows })}
            </p>
            {answer.counts.rows > 0 && (
              <ul className="list-disc pl-5 text-muted-foreground">
                {answer.counts.categories > 0 && <li>{t("apply.categories", { count: answer.counts.categories })}</li>}
                {answer.counts.renames > 0 && <li>{t("apply.renames", { count: answer.counts.renames })}</li>}
                {answer.counts.transfers > 0 && <li>{t("apply.transfers", { count: answer.counts.transfers })}</li>}
                {answer.counts.sharing > 0 && <li>{t("apply.sharing", { count: answer.counts.sharing })}</li>}
                {answer.counts.splits > 0 && <li>{t("apply.splits", { count: answer.counts.splits })}</li>}
              </ul>
            )}
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {answer && "counts" in answer && answer.intent === "preview" && answer.counts.rows > 0
          ? form("apply", t("apply.confirm", { rows: answer.counts.rows }), "default")
          : form("preview", t("apply.check"), "outline")}
      </div>
    </Card>
  );
}
