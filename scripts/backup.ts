// npm run backup [-- <file>]
// A consistent copy of the configured database: the embedded one (stop the app first: PGlite allows one process at a
// time) or PostgreSQL with pg_dump (while the app runs). Runs the app's own code through Vite.
import type * as Commands from "./app-commands.ts";
import { runInApp } from "./run-in-app.ts";

let exitCode = 0;
await runInApp<typeof Commands>("./scripts/app-commands.ts", async (commands) => {
  exitCode = await commands.backupCommand(process.argv.slice(2));
});
process.exit(exitCode);
