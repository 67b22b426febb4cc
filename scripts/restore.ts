// npm run restore -- <file> [--force]
// Replaces the configured database with a backup made by `npm run backup`, in one step that either completes or
// changes nothing; refuses a database that already has accounts unless --force.
import type * as Commands from "./app-commands.ts";
import { runInApp } from "./run-in-app.ts";

let exitCode = 0;
await runInApp<typeof Commands>("./scripts/app-commands.ts", async (commands) => {
  exitCode = await commands.restoreCommand(process.argv.slice(2));
});
process.exit(exitCode);
