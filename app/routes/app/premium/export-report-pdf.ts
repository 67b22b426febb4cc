import { redirect } from "react-router";
import type { Route } from "./+types/export-report-pdf";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { downloadHeaders, parseReportQuery } from "~/features/exports/export-request";
import { exportMonthlyReportPdf } from "~/features/exports/report-pdf.server";

/** GET /app/export/report.pdf?month=YYYY-MM — the monthly report as a PDF built on the server (premium). */
export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const query = parseReportQuery(new URL(request.url).searchParams, context.today);
  if (!query.ok) throw redirect("/app/exports?error=month");
  const result = await forLoader(() =>
    exportMonthlyReportPdf({
      userId: context.user.id,
      householdId: context.householdId,
      month: query.month,
      language: context.language,
    }),
  );
  if (!result.ok) throw redirect("/app/upgrade?feature=exports");
  return new Response(result.stream, { headers: downloadHeaders(result.fileName, "application/pdf") });
}
