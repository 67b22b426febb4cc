// npm run bench:exports — time and peak memory of the premium downloads on a household with 100,000 transactions
// (BENCH_ROWS to change): the streamed CSV, the monthly PDF report, and the JSON data export. Uses an in-memory
// PGlite, or the PostgreSQL server named by DATABASE_URL. Prints figures; never fails on timing.
import type * as Bench from "./exports-run.server.ts";
import { runInApp } from "../scripts/run-in-app.ts";

await runInApp<typeof Bench>("./bench/exports-run.server.ts", (module) => module.runExportsBench());
