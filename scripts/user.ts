// npm run user -- grant-creator <email> | revoke-creator <email> | plan <email> premium|free [--until YYYY-MM-DD]
// Runs the app's own code through Vite against the configured database (with the embedded database, stop
// `npm start` first: it allows one process at a time).
import type * as Commands from "./app-commands.ts";
import { runInApp } from "./run-in-app.ts";

let exitCode = 0;
await runInApp<typeof Commands>("./scripts/app-commands.ts", async (commands) => {
  exitCode = await commands.userCommandWithDatabase(process.argv.slice(2));
});
process.exit(exitCode);
