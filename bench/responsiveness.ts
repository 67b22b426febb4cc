// npm run bench:responsiveness — whether a heavy request holds the others up (issue 45): confirming a 50,000-row
// import of 1.9 MB and of 10 MB, the CSV and JSON exports and the recurring page at 50,000 and 100,000 entries, each
// three times (BENCH_RUNS), with /healthz's slowest answer and p99 beside each. Uses an in-memory PGlite, or the
// PostgreSQL server named by DATABASE_URL. Prints figures; never fails on timing.
import type * as Bench from "./responsiveness-run.server.ts";
import { runInApp } from "../scripts/run-in-app.ts";

await runInApp<typeof Bench>("./bench/responsiveness-run.server.ts", (module) => module.runResponsivenessBench());
