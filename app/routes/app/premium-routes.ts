import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The premium area's pages and downloads: children of the /app shell layout (paths relative to /app). */
export const premiumAppRoutes: RouteConfigEntry[] = [
  route("upgrade", "routes/app/premium/upgrade.tsx"),
  route("invitations/:token", "routes/app/premium/invitation.tsx"),
  route("exports", "routes/app/premium/exports.tsx"),
  route("export/transactions.csv", "routes/app/premium/export-transactions-csv.ts"),
  route("export/settlements.csv", "routes/app/premium/export-settlements-csv.ts"),
  route("export/report.pdf", "routes/app/premium/export-report-pdf.ts"),
  route("settings/partners", "routes/app/premium/settings-partners.tsx"),
  route("settings/categories", "routes/app/premium/settings-categories.tsx"),
];
