import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Routes of this area; app/routes.ts places them. Paths are relative to app/. */
export const appRoutes: RouteConfigEntry[] = [];
