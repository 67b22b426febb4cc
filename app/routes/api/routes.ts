import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Routes of this area; app/routes.ts places them. Paths are relative to app/. */
export const apiRoutes: RouteConfigEntry[] = [
  // Stripe's signed events (premium); the Express layer exempts this path from the same-origin check.
  route("api/billing/webhook", "routes/api/billing-webhook.ts"),
];
