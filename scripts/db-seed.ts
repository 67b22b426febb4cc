import type * as Commands from "./app-commands.ts";
import { runInApp } from "./run-in-app.ts";

await runInApp<typeof Commands>("./scripts/app-commands.ts", (commands) => commands.seedCommand());
