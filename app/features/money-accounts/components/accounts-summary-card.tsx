import FileUpIcon from "lucide-react/icons/file-up";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { cn } from "~/lib/cn";
import type { AccountView } from "../accounts.server";
import { AccountKindIcon, useAccountName } from "./account-kind";

/** How many accounts the dashboard names; the Accounts page has the rest. */
export const accountsOnDashboard = 4;

/**
 * The dashboard's accounts: the first open accounts' balances today (the loader sends only those), a way to all of
 * them and to importing a statement.
 */
export function AccountsSummaryCard({
  accounts,
}: {
  accounts: Pick<AccountView, "id" | "name" | "kind" | "balanceMinor" | "currency">[];
}) {
  const { t } = useTranslation("money");
  const format = useFormat();
  const shell = useAppShell();
  const accountName = useAccountName();
  return (
    <Card data-testid="accounts-card">
      {/* One row from 640 px; on a phone the import button takes its own full-width line under the title. */}
      <CardHeader className="flex-row flex-wrap items-center gap-x-4 gap-y-3 space-y-0 pb-4 max-sm:px-4">
        <CardTitle className="flex-1 text-base">{t("accounts.dashboardTitle")}</CardTitle>
        <Link to="/app/accounts" className="text-sm font-medium text-primary hover:underline">
          {t("accounts.dashboardLink")}
        </Link>
        {shell.household.canWrite && (
          <Button asChild variant="outline" size="sm" className="max-sm:order-last max-sm:basis-full">
            <Link to="/app/import">
              <FileUpIcon aria-hidden="true" />
              {t("accounts.import")}
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent className="max-sm:px-4">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {accounts.map((account) => (
            <li key={account.id} className="flex min-w-0 items-center gap-3 rounded-lg bg-muted/60 p-3">
              <AccountKindIcon kind={account.kind} className="size-9" />
              <div className="min-w-0">
                <p className="break-words text-sm text-muted-foreground">{accountName(account)}</p>
                <p className={cn("font-semibold tabular-nums", account.balanceMinor < 0 && "text-destructive")}>
                  {format.money(account.balanceMinor, account.currency)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
