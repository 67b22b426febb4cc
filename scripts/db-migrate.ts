import type * as Maintenance from "../app/features/platform/maintenance.server.ts";
import { runInApp } from "./run-in-app.ts";

await runInApp<typeof Maintenance>("./app/features/platform/maintenance.server.ts", (module) => module.migrateCommand());
