import pg from "pg";
import { fieldOf } from "~/lib/field-of";

type Release = (error?: Error | boolean) => void;

/**
 * pg's Pool, except that a checked-out connection whose BEGIN fails goes back to the pool (destroyed).
 *
 * Drizzle's node-postgres `transaction()` (0.45.x) sends BEGIN before the try/finally that releases the connection
 * (drizzle-orm#6241). When the connection dies between check-out and BEGIN — a server restart, a failover, a cut
 * network — the slot was lost for the life of the process: ten such moments and every request waited for a
 * connection that never came, and shutting down hung on `pool.end()`. Remove once drizzle releases it itself.
 */
export class ReleasingPool extends pg.Pool {
  // Both forms of pg's connect(): the callback one is pg's own pool.query(), which releases for itself.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(guardBegin);
  }
}

function guardBegin(client: pg.PoolClient): pg.PoolClient {
  let released = false;
  const release: Release = client.release;
  // A second release (drizzle's own, once it is fixed) is a no-op instead of pg-pool's "released twice" error.
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    release(error);
  };
  // A proxy keeps every one of pg's query overloads while it watches the calls.
  client.query = new Proxy(client.query, {
    apply(query, _this, args: unknown[]) {
      const result: unknown = Reflect.apply(query, client, args);
      if (isBegin(args[0]) && result instanceof Promise) {
        result.catch((error: unknown) => client.release(error instanceof Error ? error : new Error(String(error))));
      }
      return result;
    },
  });
  return client;
}

function isBegin(statement: unknown): boolean {
  const text = typeof statement === "string" ? statement : fieldOf(statement, "text");
  return typeof text === "string" && /^\s*begin\b/i.test(text);
}
