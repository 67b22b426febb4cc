import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { premiumAppRoutes } from "./premium-routes";

/** Routes of this area; app/routes.ts places them. Paths are relative to app/. */
export const appRoutes: RouteConfigEntry[] = [
  route("app", "routes/app/layout.tsx", { id: "app-layout" }, [
    index("routes/app/dashboard.tsx"),
    route("income", "routes/app/income.tsx"),
    route("expenses", "routes/app/expenses.tsx"),
    route("transactions/new", "routes/app/transaction-new.tsx"),
    route("transactions/:transactionId", "routes/app/transaction-edit.tsx"),
    route("goals", "routes/app/goals.tsx"),
    route("reports", "routes/app/reports.tsx"),
    route("settings", "routes/app/settings.tsx"),
    route("settings/security", "routes/app/settings-security.tsx"),
    ...premiumAppRoutes,
    route("household", "routes/app/household.tsx"),
    route("notifications", "routes/app/notifications.tsx"),
  ]),
];
