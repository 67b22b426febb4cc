import CrownIcon from "lucide-react/icons/crown";
import SparklesIcon from "lucide-react/icons/sparkles";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/rules";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CreatePanel, useCreatePanel } from "~/components/ui/create-panel";
import { showToast } from "~/components/ui/toast";
import { FormError } from "~/components/ui/field-error";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { useAppShell } from "~/features/household/components/use-app-shell";
import { listAccounts } from "~/features/money-accounts/accounts.server";
import { useAccountName } from "~/features/money-accounts/components/account-kind";
import { ApplyRulesPanel } from "~/features/rules/components/apply-rules-panel";
import { RuleCard } from "~/features/rules/components/rule-card";
import { RuleForm } from "~/features/rules/components/rule-form";
import { useRuleSentence } from "~/features/rules/components/rule-sentence";
import { handleRuleAction } from "~/features/rules/rule-actions.server";
import { listRules } from "~/features/rules/rules.server";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";

export const handle = { i18n: ["app", "money", "rules"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const base = { userId: context.user.id, householdId: context.householdId };
  const [rules, accounts] = await forLoader(() => Promise.all([listRules(base), listAccounts(base)]));
  return { ...rules, accounts: accounts.map(({ id, name, archived }) => ({ id, name, archived })) };
}

export async function action({ request }: Route.ActionArgs) {
  return handleRuleAction(request);
}

export const ErrorBoundary = AppErrorBoundary;

export default function Rules({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("rules");
  const shell = useAppShell();
  const accountName = useAccountName();
  const { rules, limit } = loaderData;
  const canWrite = shell.household.canWrite && loaderData.canWrite;
  const named = loaderData.accounts.map((account) => ({
    id: account.id,
    name: accountName(account),
    archived: account.archived,
  }));
  const open = named.filter((account) => !account.archived);
  const sentence = useRuleSentence(named);
  // What a form posted without JavaScript got back.
  const plain = actionData && "intent" in actionData ? actionData : undefined;
  const plainRefusal = plain && !plain.ok ? plain : undefined;
  const plainApply =
    plain?.ok && (plain.intent === "preview" || plain.intent === "apply")
      ? { intent: plain.intent, counts: plain.counts }
      : undefined;

  return (
    <div className="flex flex-col gap-5">
      <title>{`${t("title")} · Samen`}</title>
      <PageHeader title={t("title")} subtitle={t("subtitle")}>
        {limit.max !== null && (
          <p className="shrink-0 text-sm text-muted-foreground" data-testid="rules-count">
            {t("limit.count", { count: limit.count, max: limit.max })}
          </p>
        )}
      </PageHeader>
      {plainRefusal && plainRefusal.intent !== "create" && plainRefusal.intent !== "update" && (
        <FormError message={plainRefusal.fieldErrors.form} />
      )}

      {canWrite &&
        (limit.reached ? (
          <RuleLimit max={limit.max ?? 0} />
        ) : (
          <NewRule
            accounts={open}
            plainRefusal={plainRefusal?.intent === "create" ? plainRefusal : undefined}
            openAtFirst={rules.length === 0}
          />
        ))}

      {rules.length === 0 ? (
        <Card className="flex items-start gap-3 p-5 text-sm text-muted-foreground" data-testid="rules-empty">
          <SparklesIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p>{t("empty")}</p>
        </Card>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t("listLabel")}>
          {rules.map((rule, index) => (
            <li key={rule.id}>
              <RuleCard
                rule={rule}
                number={index + 1}
                first={index === 0}
                last={index === rules.length - 1}
                sentence={sentence(rule)}
                describe={sentence}
                accounts={open}
                canWrite={canWrite}
                plainRefusal={
                  plainRefusal?.intent === "update" && plainRefusal.ruleId === rule.id ? plainRefusal : undefined
                }
              />
            </li>
          ))}
        </ol>
      )}

      {canWrite && rules.length > 0 && (
        <ApplyRulesPanel
          plainAnswer={
            plainApply ??
            (plainRefusal?.intent === "apply" || plainRefusal?.intent === "preview"
              ? { refused: plainRefusal.fieldErrors.form }
              : undefined)
          }
        />
      )}
    </div>
  );
}

/** The free plan's limit, reached: learned rules count too. Creating is refused on the server as well. */
function RuleLimit({ max }: { max: number }) {
  const { t } = useTranslation("rules");
  return (
    <Card
      className="flex flex-col gap-3 border-accent bg-accent/40 p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="rules-limit"
    >
      <p className="text-sm">{t("limit.reached", { max })}</p>
      <Button asChild variant="outline" className="shrink-0 sm:self-center">
        <Link to="/app/upgrade">
          <CrownIcon aria-hidden="true" />
          {t("limit.upgrade")}
        </Link>
      </Button>
    </Card>
  );
}

/** "New rule": a <details> form, a plain POST without JavaScript. */
function NewRule({
  accounts,
  plainRefusal,
  openAtFirst,
}: {
  accounts: { id: string; name: string }[];
  plainRefusal?: Extract<Route.ComponentProps["actionData"], { ok: false }>;
  openAtFirst: boolean;
}) {
  const { t } = useTranslation("rules");
  const create = useFetcher<typeof action>();
  const { panelRef, close } = useCreatePanel();
  const refusal = create.data && !create.data.ok ? create.data : plainRefusal;
  // A saved rule starts the form afresh (a new key remounts its rows).
  const saved = create.data?.ok ? create.data : undefined;

  useEffect(() => {
    if (create.state !== "idle" || !create.data?.ok) return;
    close();
    showToast({ title: t("toast.created"), variant: "success" });
  }, [create.state, create.data, t, close]);

  return (
    <CreatePanel
      ref={panelRef}
      id="new-rule"
      title={t("new")}
      hint={t("newHint")}
      open={Boolean(plainRefusal) || openAtFirst}
    >
      <div className="border-t p-5">
        <RuleForm
          key={saved && "ruleId" in saved ? (saved.ruleId ?? "") : ""}
          Form={create.Form}
          intent="create"
          values={refusal && "intent" in refusal ? refusal.values : undefined}
          errors={refusal?.fieldErrors}
          accounts={accounts}
          submitting={create.state !== "idle"}
          submitLabel={t("form.create")}
        />
      </div>
    </CreatePanel>
  );
}
