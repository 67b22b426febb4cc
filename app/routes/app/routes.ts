import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { premiumAppRoutes } from "./premium-routes";

/** Routes of this area; app/routes.ts places them. Paths are relative to app/. */
export const appRoutes: RouteConfigEntry[] = [
  route("app", "routes/app/layout.tsx", { id: "app-layout" }, [
    index("routes/app/dashboard.tsx"),
    route("income", "routes/app/income.tsx"),
    route("expenses", "routes/app/expenses.tsx"),
    route("search", "routes/app/search.tsx"),
    route("transactions/new", "routes/app/transaction-new.tsx"),
    route("outbox", "routes/app/outbox.ts"),
    route("transactions/:transactionId", "routes/app/transaction-edit.tsx"),
    route("budgets", "routes/app/budgets.tsx"),
    route("goals", "routes/app/goals.tsx"),
    route("recurring", "routes/app/recurring.tsx"),
    route("accounts", "routes/app/accounts.tsx"),
    route("accounts/:accountId", "routes/app/account.tsx"),
    route("reports", "routes/app/reports.tsx"),
    route("settle-up", "routes/app/settle-up.tsx"),
    route("import", "routes/app/import.tsx"),
    route("import/:draftId", "routes/app/import-preview.tsx"),
    route("rules", "routes/app/rules.tsx"),
    route("rules/suggest", "routes/app/rules-suggest.ts"),
    route("settings", "routes/app/settings.tsx"),
    route("settings/security", "routes/app/settings-security.tsx"),
    route("settings/currency", "routes/app/settings-currency.tsx"),
    // Data export and account deletion are every plan's right, so they live outside the premium area.
    route("settings/data", "routes/app/settings-data.tsx"),
    route("payees", "routes/app/payees.tsx"),
    route("settings/data/export.json", "routes/app/export-data-json.ts"),
    ...premiumAppRoutes,
    route("household", "routes/app/household.tsx"),
    route("notifications", "routes/app/notifications.tsx"),
    route("more", "routes/app/more.tsx"),
  ]),
];
