import ArrowDownIcon from "lucide-react/icons/arrow-down";
import ArrowUpIcon from "lucide-react/icons/arrow-up";
import PencilIcon from "lucide-react/icons/pencil";
import SparklesIcon from "lucide-react/icons/sparkles";
import Trash2Icon from "lucide-react/icons/trash";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConflictNotice, useRowConflict, VersionInput } from "~/components/ui/conflict-notice";
import { showToast } from "~/components/ui/toast";
import { FormError } from "~/components/ui/field-error";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { useTranslation } from "~/i18n/react";
import type { handleRuleAction } from "../rule-actions.server";
import { formValuesOf, type RuleFormValues } from "../rule.schema";
import type { RuleView } from "../rules.server";
import { RuleForm } from "./rule-form";

interface RuleCardProps {
  rule: RuleView;
  number: number;
  first: boolean;
  last: boolean;
  sentence: string;
  /** The sentence of any rule: for the rule as someone else just saved it. */
  describe: (rule: RuleView) => string;
  accounts: { id: string; name: string }[];
  canWrite: boolean;
  /** A refused edit posted without JavaScript, to show again in this card's form. */
  plainRefusal?: {
    intent: string;
    fieldErrors: Record<string, string | undefined>;
    values?: RuleFormValues;
    current?: RuleView;
  };
}

/** One rule as a sentence; for those who may write, move up and down, edit and delete (after a confirmation). */
export function RuleCard({
  rule,
  number,
  first,
  last,
  sentence,
  describe,
  accounts,
  canWrite,
  plainRefusal,
}: RuleCardProps) {
  const { t } = useTranslation("rules");
  const { t: tApp } = useTranslation("app");
  const shell = useAppShell();
  const format = useFormat();
  const move = useFetcher<typeof handleRuleAction>();
  const edit = useFetcher<typeof handleRuleAction>();
  const remove = useFetcher<typeof handleRuleAction>();
  const editRef = useRef<HTMLDetailsElement>(null);
  const refusal = edit.data && !edit.data.ok ? edit.data : plainRefusal;
  const conflict = useRowConflict(edit.data, rule.version);
  const removal = useRowConflict(remove.data, rule.version);
  // What this person typed stays in the form while they decide; once the page holds the newer rule, it shows that.
  const typed = refusal && "intent" in refusal && (!refusal.current || conflict.current) ? refusal.values : undefined;
  const failed = [move.data, remove.data].find(
    (answer) => answer && !answer.ok && !answer.fieldErrors.form?.startsWith("conflict."),
  );
  const theirs = (current: RuleView | undefined) => current && [{ value: describe(current) }];

  useEffect(() => {
    if (edit.state !== "idle" || !edit.data?.ok) return;
    if (editRef.current) editRef.current.open = false;
    showToast({ title: t("toast.updated"), variant: "success" });
  }, [edit.state, edit.data, t]);

  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="ruleId" value={rule.id} />
      <input type="hidden" name="householdId" value={shell.household.id} />
    </>
  );

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="rule-card">
      <div className="flex items-start gap-3">
        <span
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold tabular-nums text-secondary-foreground"
          aria-hidden="true"
        >
          {number}
        </span>
        <div className="min-w-0 flex-1">
          <p className="break-words font-medium">{sentence}</p>
          {rule.origin === "learned" && (
            <Badge variant="secondary" className="mt-1.5 gap-1">
              <SparklesIcon aria-hidden="true" className="size-3" />
              {t("learned")}
            </Badge>
          )}
        </div>
        {canWrite && (
          <div className="flex shrink-0 gap-1">
            <move.Form method="post" action="/app/rules">
              {hidden("moveUp")}
              <Button
                type="submit"
                variant="ghost"
                size="icon"
                disabled={first || move.state !== "idle"}
                aria-label={t("moveUp", { number })}
              >
                <ArrowUpIcon aria-hidden="true" />
              </Button>
            </move.Form>
            <move.Form method="post" action="/app/rules">
              {hidden("moveDown")}
              <Button
                type="submit"
                variant="ghost"
                size="icon"
                disabled={last || move.state !== "idle"}
                aria-label={t("moveDown", { number })}
              >
                <ArrowDownIcon aria-hidden="true" />
              </Button>
            </move.Form>
          </div>
        )}
      </div>

      {canWrite && (
        <div className="flex flex-col gap-3 border-t pt-3">
          <FormError message={failed && !failed.ok ? failed.fieldErrors.form : undefined} />
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            <details
              ref={editRef}
              className="group/edit w-full sm:w-auto sm:flex-1"
              open={plainRefusal ? true : undefined}
            >
              <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground [&::-webkit-details-marker]:hidden">
                <PencilIcon aria-hidden="true" className="size-4" />
                {t("edit")}
                <span className="sr-only">: {sentence}</span>
              </summary>
              <div className="pt-4">
                <RuleForm
                  key={rule.version}
                  Form={edit.Form}
                  intent="update"
                  ruleId={rule.id}
                  version={conflict.current ? undefined : rule.version}
                  conflict={
                    conflict.current || conflict.gone ? (
                      <ConflictNotice
                        gone={conflict.gone}
                        version={conflict.current?.version}
                        values={theirs(conflict.current)}
                      />
                    ) : undefined
                  }
                  values={typed ?? formValuesOf(rule, format.language)}
                  errors={conflict.current || conflict.gone ? undefined : refusal?.fieldErrors}
                  accounts={accounts}
                  submitting={edit.state !== "idle"}
                  submitLabel={t("form.save")}
                />
              </div>
            </details>
            <details className="group/delete">
              <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-medium text-destructive hover:underline [&::-webkit-details-marker]:hidden">
                <Trash2Icon aria-hidden="true" className="size-4" />
                {t("delete")}
                <span className="sr-only">: {sentence}</span>
              </summary>
              <remove.Form method="post" action="/app/rules" className="flex flex-wrap items-center gap-2 pt-3">
                {hidden("delete")}
                <VersionInput version={rule.version} conflict={removal.current !== undefined} />
                {removal.current || removal.gone ? (
                  <ConflictNotice
                    gone={removal.gone}
                    message="conflict.changedBeforeDelete"
                    version={removal.current?.version}
                    values={theirs(removal.current)}
                    submitLabel={tApp("conflict.deleteAnyway")}
                  />
                ) : (
                  <>
                    <p className="w-full text-sm">{t("deleteQuestion")}</p>
                    <Button type="submit" variant="destructive" size="sm" disabled={remove.state !== "idle"}>
                      {t("deleteConfirm")}
                    </Button>
                  </>
                )}
              </remove.Form>
            </details>
          </div>
        </div>
      )}
    </Card>
  );
}
