import { redirect } from "react-router";
import type { Route } from "./+types/export-settlements-csv";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { downloadHeaders, parseCsvExportQuery } from "~/features/exports/export-request";
import { exportSettlementsCsv } from "~/features/exports/settlements-csv.server";

/** GET /app/export/settlements.csv?from&to&decimal — the settlements of the months a range touches, as CSV (premium). */
export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const query = parseCsvExportQuery(new URL(request.url).searchParams, context.today);
  if (!query.ok) throw redirect("/app/exports?error=range");
  const result = await forLoader(() =>
    exportSettlementsCsv({
      userId: context.user.id,
      householdId: context.householdId,
      range: { from: query.from, to: query.to },
      language: context.language,
      decimal: query.decimal,
    }),
  );
  // A free household meets the explanation and the upgrade button, not an error.
  if (!result.ok) throw redirect("/app/upgrade?feature=exports");
  return new Response(result.body, { headers: downloadHeaders(result.fileName, "text/csv; charset=utf-8") });
}
