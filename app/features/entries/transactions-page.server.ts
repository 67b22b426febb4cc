import type { TransactionKind } from "~/domain/categories";
import { memberViewParam, readMemberView, viewedMember } from "~/domain/member-view";
import { isUuid } from "~/lib/uuid";
import { forLoader, requestedMonth, requireAppContext } from "~/features/household/app-context.server";
import { hiddenPersonalSpending } from "./personal-totals.server";
import { listTransactions } from "./transactions.server";

/**
 * The Income and Expenses pages: one month, newest first, with search, category filter, keyset pages and the member
 * views (`?view=`). Personal expenses a member shows this reader only as category totals are not listed; the first
 * page of an unsearched expenses list shows their month's totals per category instead.
 */
export async function loadTransactionsPage(request: Request, kind: TransactionKind) {
  const context = await requireAppContext(request);
  const params = new URL(request.url).searchParams;
  const month = requestedMonth(request, context.today);
  const search = (params.get("q") ?? "").trim().slice(0, 100);
  const category = params.get("category") ?? "";
  const categoryId = isUuid(category) ? category : undefined;
  const cursor = params.get("cursor");
  const view = readMemberView(params.get(memberViewParam), context.user.id);
  const memberUserId = viewedMember(view, context.user.id);
  const page = await forLoader(() =>
    listTransactions({
      userId: context.user.id,
      householdId: context.householdId,
      kind,
      month,
      search,
      categoryId,
      cursor,
      memberUserId,
    }),
  );
  // A search looks into descriptions, which hidden entries do not show: their totals would not answer it.
  const hidden =
    kind === "expense" && !search && !cursor
      ? await hiddenPersonalSpending({ access: page.access, month, memberUserId, categoryId })
      : [];
  return {
    kind,
    month,
    search,
    categoryId: categoryId ?? "",
    cursor: cursor ?? null,
    view,
    items: page.items,
    nextCursor: page.nextCursor,
    totals: page.totals,
    hidden,
  };
}

export type TransactionsPageData = Awaited<ReturnType<typeof loadTransactionsPage>>;
