import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReleasingPool } from "~/db/postgres-pool.server";
import { postgresServerReachable, postgresServerUrl } from "~/db/server-admin";
import { startTcpProxy } from "./fault-server";

/**
 * Fault: a connection dies just as a transaction sends BEGIN (a server restart or failover at that moment). The
 * transaction fails, and the pool must get its slot back: with one connection allowed, the next query and the next
 * transaction run, and the pool closes. The same steps on pg's plain Pool show what Drizzle's transaction() does
 * without it: the slot is gone for good and the next query waits until it gives up.
 */

const serverUrl = postgresServerUrl;

describe.skipIf(!(await postgresServerReachable()))(
  `a connection lost at BEGIN (PostgreSQL at ${serverUrl.host})`,
  () => {
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let dropsLeft = 0;

    beforeAll(async () => {
      // Drops the connection when a BEGIN passes through, as many times as the test asks.
      proxy = await startTcpProxy({ host: serverUrl.hostname, port: Number(serverUrl.port || 5432) }, (sent) => {
        if (dropsLeft === 0 || !/\bbegin\b/i.test(sent.toString("latin1"))) return false;
        dropsLeft--;
        return true;
      });
    });
    afterAll(() => proxy?.close());

    const viaProxy = () => {
      const url = new URL(serverUrl);
      url.hostname = "127.0.0.1";
      url.port = String(proxy.port);
      return { connectionString: url.toString(), max: 1, connectionTimeoutMillis: 1_500 };
    };

    async function loseAConnectionAtBegin(pool: pg.Pool) {
      pool.on("error", () => {});
      pool.on("connect", (client) => client.on("error", () => {}));
      const database = drizzle({ client: pool });
      expect((await database.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
      dropsLeft = 1;
      await expect(database.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      expect(dropsLeft).toBe(0);
      return database;
    }

    it("gives the slot back: the next query and transaction run, and the pool closes", async () => {
      const pool = new ReleasingPool(viaProxy());
      const database = await loseAConnectionAtBegin(pool);
      expect((await database.execute(sql`select 2 as two`)).rows).toEqual([{ two: 2 }]);
      expect(await database.transaction(async (tx) => (await tx.execute(sql`select 3 as three`)).rows)).toEqual([
        { three: 3 },
      ]);
      expect(pool.totalCount).toBe(1);
      expect(pool.idleCount).toBe(1);
      await pool.end();
    });

    it("without it, pg's plain Pool loses the slot (what the fault looks like)", async () => {
      const pool = new pg.Pool(viaProxy());
      const database = await loseAConnectionAtBegin(pool);
      await expect(database.execute(sql`select 2`)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/timeout/) },
      });
      expect(pool.totalCount).toBe(1);
      expect(pool.idleCount).toBe(0);
      // pool.end() would wait for the lost client forever.
    });
  },
);
