import type { Route } from "./+types/income";
import { loadTransactionsPage } from "~/features/entries/transactions-page.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { TransactionsPage } from "~/features/entries/components/transactions-page";

export const handle = { i18n: ["app"] };

export async function loader({ request }: Route.LoaderArgs) {
  return loadTransactionsPage(request, "income");
}

export const ErrorBoundary = AppErrorBoundary;

export default function Income({ loaderData }: Route.ComponentProps) {
  return <TransactionsPage data={loaderData} />;
}
