import pg from "pg";

/**
 * The PostgreSQL server that tests and benchmarks use for throwaway databases: DATABASE_URL, else the local default.
 * Each caller creates a database of its own on it and drops it afterwards.
 */
export const postgresServerUrl = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");

/** One statement on its own connection (CREATE and DROP DATABASE cannot run inside a pool's transaction). */
export async function adminQuery(statement: string, serverUrl: URL | string = postgresServerUrl): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl.toString(), connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Whether the server answers at all: the PostgreSQL-only tests skip themselves on a machine without one. */
export async function postgresServerReachable(): Promise<boolean> {
  return adminQuery("select 1").then(
    () => true,
    () => false,
  );
}

/** The URL of another database on the same server. */
export function databaseUrl(name: string, serverUrl: URL | string = postgresServerUrl): string {
  const url = new URL(serverUrl.toString());
  url.pathname = `/${name}`;
  return url.toString();
}
