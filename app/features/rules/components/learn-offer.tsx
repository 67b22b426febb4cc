import SparklesIcon from "lucide-react/icons/sparkles";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { learnFields, type LearnOffer } from "~/domain/rules/rule-types";
import { useCategories } from "~/features/entries/components/use-budget-shell";
import { FormError } from "~/components/ui/field-error";
import { useHydrated } from "~/lib/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import type { handleRuleAction } from "../rule-actions.server";

interface LearnOfferPromptProps {
  offer: LearnOffer;
  householdId: string;
  /**
   * Where a "Yes" without JavaScript returns to. Given, the offer is a form of its own (the edit page); left out, its
   * buttons post with a fetcher, so it may sit inside another form (a row of the import preview).
   */
  redirectTo?: string;
  /** Where "No" leads (a link); left out, "No" just closes the offer. */
  declineTo?: string;
  className?: string;
}

/** "Always put <payee> in <category>?" with "Yes, always" (payee memory, else a learned rule) and "No". */
export function LearnOfferPrompt({ offer, householdId, redirectTo, declineTo, className }: LearnOfferPromptProps) {
  const { t } = useTranslation("app");
  const categories = useCategories();
  const hydrated = useHydrated();
  const learn = useFetcher<typeof handleRuleAction>();
  const [declined, setDeclined] = useState(false);
  const names = { counterparty: offer.counterparty, category: categories.label(categories.byId(offer.categoryId)) };
  const fields = learnFields(offer, householdId);

  if (declined) return null;
  if (learn.data?.ok) {
    return (
      <p role="status" className={cn("flex items-start gap-2 text-sm text-muted-foreground", className)}>
        <SparklesIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        {t(learn.data.intent === "learn" && learn.data.already ? "entry.learn.already" : "entry.learn.saved", names)}
      </p>
    );
  }
  const busy = learn.state !== "idle";
  const refused = learn.data && !learn.data.ok ? learn.data.fieldErrors.form : undefined;
  const question = (
    <p className="flex items-start gap-2 text-sm font-medium">
      <SparklesIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span className="min-w-0 break-words">{t("entry.learn.question", names)}</span>
    </p>
  );
  const decline = declineTo ? (
    <Button asChild variant="ghost" size="sm">
      <Link to={declineTo}>{t("entry.learn.no")}</Link>
    </Button>
  ) : (
    <Button type="button" variant="ghost" size="sm" onClick={() => setDeclined(true)}>
      {t("entry.learn.no")}
    </Button>
  );
  const box = cn("flex flex-col gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3", className);

  if (redirectTo !== undefined) {
    return (
      <learn.Form method="post" action="/app/rules" className={box} aria-live="polite">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        {question}
        <FormError message={refused} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={busy}>
            {t("entry.learn.yes")}
          </Button>
          {decline}
        </div>
      </learn.Form>
    );
  }
  return (
    <div className={box} aria-live="polite">
      {question}
      <FormError message={refused} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          disabled={busy}
          onClick={() => learn.submit({ ...fields, js: "1" }, { method: "post", action: "/app/rules" })}
        >
          {t("entry.learn.yes")}
        </Button>
        {decline}
      </div>
    </div>
  );
}
