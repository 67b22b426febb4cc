// The child process of the SIGKILL test (tests/faults/sigkill.test.ts), loaded through Vite by kill-target.ts so it
// runs the app's own use cases. It opens the database, then does one kind of work until it is killed, saying on
// stdout how far it got.
import { performance } from "node:perf_hooks";
import { closeDatabase, openDatabase } from "~/db/client.server";
import { exportTransactionsCsv } from "~/features/exports/transactions-csv.server";
import { contributeToGoal } from "~/features/goals/goals.server";
import { confirmImport } from "~/features/statement-import/statement-import.server";

export interface KillTarget {
  dataDir?: string;
  databaseUrl?: string;
  userId: string;
  householdId: string;
  /** Import: the drafts to confirm, one after another. */
  draftIds: string[];
  /** Goal contribution: the goal that gets +500 and −300 in turn. */
  goalId: string;
}

export type Operation = "import" | "goal" | "export";

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

export async function work(operation: Operation, target: KillTarget): Promise<void> {
  await openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir });
  const { userId, householdId } = target;
  say("ready");
  if (operation === "import") {
    for (const draftId of target.draftIds) {
      const started = performance.now();
      const result = await confirmImport({
        userId,
        householdId,
        draftId,
        choices: { skipLines: new Set(), categories: new Map() },
      });
      if (!result.ok) throw new Error(`import refused: ${JSON.stringify(result)}`);
      say(`committed ${draftId} ${Math.round(performance.now() - started)}`);
    }
  } else if (operation === "goal") {
    for (let round = 1; ; round++) {
      const result = await contributeToGoal({
        userId,
        householdId,
        goalId: target.goalId,
        amountMinor: round % 2 ? 500 : -300,
        occurredOn: "2026-01-15",
      });
      if (!result.ok) throw new Error(`contribution refused: ${JSON.stringify(result)}`);
      if (round % 25 === 0) say(`contributed ${round}`);
    }
  } else {
    const result = await exportTransactionsCsv({
      userId,
      householdId,
      range: { from: "2020-01-01", to: "2030-12-31" },
      language: "en",
      decimal: "point",
      batchSize: 500,
    });
    if (!result.ok) throw new Error(`export refused: ${result.error}`);
    const reader = result.stream.getReader();
    let bytes = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.byteLength;
      say(`exported ${bytes}`);
    }
  }
  say("finished");
  await closeDatabase();
}
