// node --conditions=development tests/faults/children/kill-target.ts <import|goal|export> '<KillTarget as JSON>'
// Started and killed by tests/faults/sigkill.test.ts.
import type * as KillTarget from "./kill-target.server.ts";
import { runInApp } from "../../../scripts/run-in-app.ts";

const [operation, target] = process.argv.slice(2) as [KillTarget.Operation, string];
await runInApp<typeof KillTarget>("./tests/faults/children/kill-target.server.ts", (module) =>
  module.work(operation, JSON.parse(target) as KillTarget.KillTarget),
);
