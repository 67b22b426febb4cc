import type { Route } from "./+types/expenses";
import { loadTransactionsPage } from "~/features/entries/transactions-page.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { TransactionsPage } from "~/features/entries/components/transactions-page";

export const handle = { i18n: ["app"] };

export async function loader({ request }: Route.LoaderArgs) {
  return loadTransactionsPage(request, "expense");
}

export const ErrorBoundary = AppErrorBoundary;

export default function Expenses({ loaderData }: Route.ComponentProps) {
  return <TransactionsPage data={loaderData} />;
}
