import type { Route } from "./+types/rules-suggest";
import { isTransactionKind } from "~/domain/categories";
import { parseAmount } from "~/domain/money";
import { hasUnsafeCharacters } from "~/lib/safe-text";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { conditionValueMaxLength } from "~/features/rules/rule.schema";
import { suggestForEntry } from "~/features/rules/rule-evaluation.server";

/**
 * GET /app/rules/suggest?kind=&description=&amount=&accountId= — what the entry form preselects while an entry is
 * typed by hand, and why: { suggestion: { categoryId, rename, reason } | null }. Only a suggestion: nothing is saved.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const query = new URL(request.url).searchParams;
  const kind = query.get("kind");
  const description = (query.get("description") ?? "").trim().slice(0, conditionValueMaxLength);
  const amount = parseAmount(query.get("amount"), context.language);
  if (!isTransactionKind(kind) || hasUnsafeCharacters(description)) return { suggestion: null };
  const suggestion = await forLoader(() =>
    suggestForEntry({
      userId: context.user.id,
      householdId: context.householdId,
      kind,
      description,
      amountMinor: amount.ok ? amount.minor : null,
      accountId: query.get("accountId"),
    }),
  );
  return { suggestion };
}
