// node --conditions=development tests/faults/children/instance.ts
// One server instance without its HTTP side, for tests/faults/two-instances.test.ts: boots as the server does (the
// database, migrations, every start-up task and background worker, as server/app.ts boot() runs them) from the
// environment, says "booted", and stops cleanly on SIGTERM.
import type * as ServerApp from "../../../server/app.ts";
import { runInApp } from "../../../scripts/run-in-app.ts";

await runInApp<typeof ServerApp>("./server/app.ts", async (app) => {
  await app.boot();
  process.stdout.write("booted\n");
  await new Promise<void>((resolve) => process.once("SIGTERM", () => resolve()));
  await app.shutdown();
});
