import type { TransactionKind } from "~/domain/categories";
import { isUuid } from "~/lib/uuid";
import { forLoader, requestedMonth, requireAppContext } from "~/features/household/app-context.server";
import { listTransactions } from "./transactions.server";

/** The Income and Expenses pages: one month, newest first, with search, category filter and keyset pages. */
export async function loadTransactionsPage(request: Request, kind: TransactionKind) {
  const context = await requireAppContext(request);
  const params = new URL(request.url).searchParams;
  const month = requestedMonth(request, context.today);
  const search = (params.get("q") ?? "").trim().slice(0, 100);
  const category = params.get("category") ?? "";
  const cursor = params.get("cursor");
  const page = await forLoader(() =>
    listTransactions({
      userId: context.user.id,
      householdId: context.householdId,
      kind,
      month,
      search,
      categoryId: isUuid(category) ? category : undefined,
      cursor,
    }),
  );
  return {
    kind,
    month,
    search,
    categoryId: isUuid(category) ? category : "",
    cursor: cursor ?? null,
    items: page.items,
    nextCursor: page.nextCursor,
    totals: page.totals,
  };
}

export type TransactionsPageData = Awaited<ReturnType<typeof loadTransactionsPage>>;
