// node tests/faults/children/write-until-disk-stops.ts <PGlite directory>
// The child process of tests/faults/disk-full.test.ts. It opens the database (PGlite cannot start on a full disk: it
// writes its configuration first), says "ready", and when a line arrives on stdin — the disk is full by then —
// commits transactions that only rewrite rows in place (so no table file has to grow) until PostgreSQL cannot start
// its next write-ahead log segment, where PGlite stops for good. After each commit it says how many it has made.
import { once } from "node:events";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "../../../app/db/pglite-extensions.server.ts";

// The app's tables in the same directory have indexes that need the app's extensions loaded to be written.
const database = await PGlite.create(process.argv[2]!, { extensions: pgliteExtensions });
process.stdout.write("ready\n");
await once(process.stdin, "data");
for (let round = 1; ; round++) {
  await database.transaction(async (tx) => {
    for (let row = 0; row < 5; row++) {
      await tx.query(
        `update "ledger" set "round" = $1, "payload" = (select string_agg(md5(random()::text), '') from generate_series(1, 59)) where "id" = $2`,
        [round, ((round * 5 + row) % 40) + 1],
      );
    }
    await tx.query(`update "counter" set "rounds" = $1`, [round]);
  });
  process.stdout.write(`committed ${round}\n`);
}
