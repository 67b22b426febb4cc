// npm run bench:import — reading, previewing and importing bank statements of realistic size (BENCH_ROWS, default
// 50,000 rows: the import limit): an ING CSV, a CAMT.053 and an MT940, each beside the bare parse by the library
// underneath as the reference measured in the same run. Uses an in-memory PGlite, or the PostgreSQL server named by
// DATABASE_URL. Prints figures; never fails on timing.
import type * as Bench from "./import-run.server.ts";
import { runInApp } from "../scripts/run-in-app.ts";

await runInApp<typeof Bench>("./bench/import-run.server.ts", (module) => module.runImportBench());
