import fs from "node:fs";
import { pgliteExtensions } from "./pglite-extensions.server";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.server";

/**
 * The accounts migration (0005) on a copy of a populated database: the schema as it was before it, filled with two
 * households' entries, goals and month totals, then migrated. Every entry must land in its household's one
 * "Everyday account", and nothing else may change.
 */

const before = fs.mkdtempSync(path.join(os.tmpdir(), "samen-migrations-"));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

function migrationsUpTo(lastIndex: number): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  fs.mkdirSync(path.join(before, "meta"), { recursive: true });
  fs.writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  return before;
}

describe("the accounts migration", () => {
  it("moves every existing entry into one Everyday account per household and keeps totals", async () => {
    const client = new PGlite({ extensions: pgliteExtensions });
    const database = drizzle({ client });
    await migrate(database, { migrationsFolder: migrationsUpTo(4) });

    await client.exec(`
      insert into "user" (id, name, email, email_verified) values ('u1', 'Sanne', 'sanne@samen.test', true), ('u2', 'Pieter', 'pieter@samen.test', true), ('u3', 'Olena', 'olena@samen.test', true);
      insert into household (id, name, currency, owner_user_id) values
        ('00000000-0000-4000-8000-00000000a001', 'Ons huis', 'EUR', 'u1'),
        ('00000000-0000-4000-8000-00000000a002', 'Kraków', 'PLN', 'u2'),
        ('00000000-0000-4000-8000-00000000a003', 'Empty', 'UAH', 'u3');
      insert into transaction (id, household_id, kind, amount_minor, currency, occurred_on, description, category_id)
      select gen_random_uuid(), '00000000-0000-4000-8000-00000000a001', case when n % 5 = 0 then 'income' else 'expense' end, 100 + n, 'EUR',
             date '2025-01-01' + n, 'Entry ' || n, case when n % 5 = 0 then '00000000-0000-4000-8000-000000000101'::uuid else '00000000-0000-4000-8000-000000000202'::uuid end
      from generate_series(1, 400) as n;
      insert into transaction (id, household_id, kind, amount_minor, currency, occurred_on, description, category_id)
      select gen_random_uuid(), '00000000-0000-4000-8000-00000000a002', 'expense', 999, 'PLN', date '2026-03-01' + n, 'Zakupy ' || n, '00000000-0000-4000-8000-000000000202'
      from generate_series(1, 30) as n;
    `);
    const totalsBefore = await client.query(
      `select household_id, month, kind, category_id, total_minor, entries from month_total order by 1, 2, 3, 4`,
    );

    await migrate(database, { migrationsFolder });

    const accounts = await client.query<{
      household_id: string;
      name: string | null;
      is_everyday: boolean;
      currency: string;
      opening_on: string | null;
      entries: number;
    }>(`
      select a.household_id, a.name, a.is_everyday, a.currency, a.opening_on::text, (select count(*)::int from transaction t where t.account_id = a.id) as entries
      from money_account a order by a.household_id`);
    expect(accounts.rows).toEqual([
      {
        household_id: "00000000-0000-4000-8000-00000000a001",
        name: null,
        is_everyday: true,
        currency: "EUR",
        opening_on: "2025-01-02",
        entries: 400,
      },
      {
        household_id: "00000000-0000-4000-8000-00000000a002",
        name: null,
        is_everyday: true,
        currency: "PLN",
        opening_on: "2026-03-02",
        entries: 30,
      },
      {
        household_id: "00000000-0000-4000-8000-00000000a003",
        name: null,
        is_everyday: true,
        currency: "UAH",
        opening_on: null,
        entries: 0,
      },
    ]);
    const strays = await client.query(
      `select count(*)::int as count from transaction t join money_account a on a.id = t.account_id where a.household_id <> t.household_id`,
    );
    expect(strays.rows).toEqual([{ count: 0 }]);
    const totalsAfter = await client.query(
      `select household_id, month, kind, category_id, total_minor, entries from month_total order by 1, 2, 3, 4`,
    );
    expect(totalsAfter.rows).toEqual(totalsBefore.rows);
    // Migration 0011 fills each account's month totals from the history it finds.
    const accountMonths = await client.query(`
      with actual as (
        select account_id, date_trunc('month', occurred_on::timestamp)::date as month,
               sum(case when kind = 'income' then amount_minor else -amount_minor end) as net
        from transaction group by 1, 2
      )
      select count(*)::int as months, count(*) filter (where kept.net_minor is distinct from actual.net)::int as mismatches
      from actual full join account_month_total kept using (account_id, month)`);
    expect(accountMonths.rows).toEqual([{ months: 15, mismatches: 0 }]);
    await expect(
      client.query(
        `insert into money_account (household_id, currency, is_everyday) values ('00000000-0000-4000-8000-00000000a001', 'EUR', true)`,
      ),
    ).rejects.toThrow(/money_account_household_everyday_key/);
    await client.close();
  });
});
