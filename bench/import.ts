// npm run bench:import — reading, previewing and importing bank statements of realistic size: an ING CSV and an MT940
// of BENCH_ROWS rows (default 50,000, the import limit) and a CAMT.053 of at most 25,000 entries (which fill its 10 MB),
// each beside the bare parse by the library underneath as the reference measured in the same run. Uses an in-memory
// PGlite, or the PostgreSQL server named by DATABASE_URL. Then the adversarial set of issue 20 (comments, a long cell,
// 100,000 columns, deep nesting, a costly rule pattern): the server's time to refuse or read each, and /healthz's
// slowest answer meanwhile, beside an ordinary file and an idle second. Prints figures; never fails on timing.
import type * as Bench from "./import-run.server.ts";
import { runInApp } from "../scripts/run-in-app.ts";

await runInApp<typeof Bench>("./bench/import-run.server.ts", (module) => module.runImportBench());
