import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeDatabase,
  db,
  hearOtherProcesses,
  migrateDatabase,
  openDatabase,
  tellOtherProcesses,
} from "~/db/client.server";
import { adminQuery, databaseUrl, postgresServerReachable, postgresServerUrl } from "~/db/server-admin";
import { backgroundLease, household, importDraft, mailOutbox, translationJob, user } from "~/db/schema";
import { languages } from "~/domain/languages";
import { insertTestOriginal } from "~/features/blog/test-helpers.server";
import { demoEmail } from "~/features/entries/demo-seed.server";
import { enqueueTranslations } from "~/features/translation/queue.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { seedHousehold } from "../../db/seed/budget";
import { publishSteadyRates, startFakeCentralBanks, type FakeCentralBanks } from "../fakes/central-banks";
import type { FakeServer } from "../fakes/fake-translation-server";
import { startFakeLibreTranslateServer } from "../fakes/libretranslate-server";
import { readSinkMails, startSmtpSink } from "../fakes/smtp-sink";

/**
 * Two server instances on one PostgreSQL database (two processes, as two workers or two machines would be): each boots
 * as the server does, with the demo content, a real SMTP sink, a fake LibreTranslate and fake central banks. Mail
 * left in the outbox is sent once, the expired draft purged once, the rates fetched once, every article translated
 * into each language once, and the demo seeded once — whichever instance does each.
 */

const projectRoot = path.resolve(import.meta.dirname, "../..");
const queuedMails = 5;

interface Instance {
  child: ChildProcess;
  lines: string[];
  booted: Promise<void>;
  exited: Promise<number | null>;
}

function startInstance(env: NodeJS.ProcessEnv): Instance {
  const child = spawn(process.execPath, ["--conditions=development", "tests/faults/children/instance.ts"], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let pending = "";
  let stderr = "";
  const booted = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split("\n");
      pending = complete.pop() ?? "";
      for (const line of complete) {
        lines.push(line);
        if (line === "booted") resolve();
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`instance exited (${code}) before booting: ${stderr.slice(-2000)}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, lines, booted, exited };
}

/** The log lines (pino's JSON) an instance wrote with this message. */
const logged = (instance: Instance, message: string) =>
  instance.lines.filter((line) => line.startsWith("{") && (JSON.parse(line) as { msg?: string }).msg === message);

async function until(condition: () => Promise<boolean>, timeoutMs: number, state = () => ""): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting ${state()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!(await postgresServerReachable()))("two server instances on one PostgreSQL database", () => {
  const name = `samen_two_${crypto.randomBytes(6).toString("hex")}`;
  const url = databaseUrl(name, postgresServerUrl);
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "samen-two-mail-"));
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let translator: FakeServer;
  let banks: FakeCentralBanks;
  let instances: Instance[] = [];

  beforeAll(async () => {
    await adminQuery(`create database "${name}"`);
    await openDatabase({ databaseUrl: url });
    await migrateDatabase();
    // Mail the SMTP server did not take earlier, due now; and a statement draft uploaded two days ago.
    await db()
      .insert(mailOutbox)
      .values(
        Array.from({ length: queuedMails }, (_, index) => ({
          kind: "verify-email",
          recipient: `waiting-${index}@samen.test`,
          subject: `Waiting ${index}`,
          html: "<p>Hello</p>",
          text: "Hello",
          attempts: 1,
        })),
      );
    const { owner, household } = await seedHousehold({ email: "drafts@samen.test" });
    await db()
      .insert(importDraft)
      .values({
        householdId: household.id,
        accountId: await everydayAccountId(household.id),
        createdBy: owner.id,
        fileName: "old.csv",
        content: new TextEncoder().encode("Datum;Bedrag\n"),
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      });

    // Three published articles, each waiting for its seven translations.
    for (const slug of ["first", "second", "third"]) {
      const original = await insertTestOriginal({ slug, title: `Article ${slug}` });
      await enqueueTranslations({ articleId: original.id, targetLanguages: languages.filter((code) => code !== "en") });
    }

    const smtpPort = 20_000 + Math.floor(Math.random() * 20_000);
    sink = await startSmtpSink({ port: smtpPort, directory: mailDir });
    translator = await startFakeLibreTranslateServer();
    banks = await startFakeCentralBanks();
    publishSteadyRates(banks);
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      DATABASE_URL: url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SEED_DEMO: "true",
      TRANSLATION_PROVIDER: "libretranslate",
      LIBRETRANSLATE_URL: translator.url,
      TRANSLATION_PAUSE_MS: "0",
      RATE_UPDATES: "true",
      ECB_RATES_URL: banks.ecbUrl,
      NBU_RATES_URL: banks.nbuUrl,
      NBP_RATES_URL: banks.nbpUrl,
      AUTH_SECRET: "two-instances-secret-two-instances-secret",
    };
    // The second starts once the first is inside its start-up (two Vite servers starting at once in one folder would
    // race on its generated route types), so it waits for the first's lock on the database.
    const first = startInstance(env);
    instances = [first];
    await until(async () => logged(first, "database ready").length > 0 || first.child.exitCode !== null, 60_000);
    instances.push(startInstance(env));
    await Promise.all(instances.map((instance) => instance.booted));
    // Every background job has had its first round: the outbox is empty and the translation queue drained.
    let waiting = "";
    await until(
      async () => {
        const [mails] = await db().select({ n: count() }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
        const jobs = await db()
          .select({ status: translationJob.status, n: count() })
          .from(translationJob)
          .groupBy(translationJob.status);
        waiting = JSON.stringify({ mails, jobs });
        return mails!.n === 0 && jobs.every((job) => job.status === "done");
      },
      60_000,
      () =>
        `${waiting} ${instances
          .map((instance) =>
            instance.lines
              .filter((line) => !line.includes('"level":30'))
              .slice(-8)
              .join("\n"),
          )
          .join("\n---\n")}`,
    );
    // A little longer, for a second instance's round that would send or fetch again.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) instance.child.kill("SIGTERM");
    await Promise.all(instances.map((instance) => instance.exited));
    await Promise.all([
      translator?.close(),
      banks?.close(),
      new Promise<void>((resolve) => (sink ? sink.close(() => resolve()) : resolve())),
    ]);
    await closeDatabase();
    await adminQuery(`drop database if exists "${name}" with (force)`);
    fs.rmSync(mailDir, { recursive: true, force: true });
  });

  it("both boot, one after the other, and the demo is seeded once", async () => {
    expect(instances.map((instance) => logged(instance, "database ready").length)).toEqual([1, 1]);
    const demoHouseholds = await db()
      .select({ n: count() })
      .from(household)
      .innerJoin(user, eq(user.id, household.ownerUserId))
      .where(eq(user.email, demoEmail));
    expect(demoHouseholds).toEqual([{ n: 1 }]);
  });

  it("sends each queued mail once", () => {
    for (let index = 0; index < queuedMails; index++) {
      expect(readSinkMails(mailDir, `waiting-${index}@samen.test`)).toHaveLength(1);
    }
  });

  it("purges the expired draft once, in one instance", async () => {
    expect(await db().select().from(importDraft)).toEqual([]);
    const purges = instances.map((instance) => logged(instance, "expired statement drafts removed").length);
    expect(purges.sort()).toEqual([0, 1]);
  });

  it("fetches the central banks' rates in one instance only", () => {
    const ecbDaily = banks.requests.filter((request) => request.includes("eurofxref"));
    expect(ecbDaily.length).toBeGreaterThan(0);
    expect(new Set(ecbDaily).size).toBe(ecbDaily.length);
  });

  it("translates each article into each language once", async () => {
    const jobs = await db()
      .select({ status: translationJob.status, attempts: translationJob.attempts })
      .from(translationJob);
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.filter((job) => job.status !== "done" || job.attempts !== 1)).toEqual([]);
  });

  it("hears what another process tells (a new article empties every process's page cache), never itself", async () => {
    let heard = 0;
    await hearOtherProcesses("samen_test_channel", () => heard++);
    await adminQuery("select pg_notify('samen_test_channel', 'another process')", url);
    await until(async () => heard === 1, 5_000);
    await tellOtherProcesses("samen_test_channel");
    await adminQuery("select pg_notify('samen_test_channel', 'another process')", url);
    await until(async () => heard >= 2, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toBe(2);
  });

  it("gives each job's lease to one instance", async () => {
    const leases = await db().select().from(backgroundLease);
    expect(leases.map((lease) => lease.job).sort()).toEqual([
      "exchange rate update",
      "invitation purge",
      "mail retry",
      "recurring posting",
      "statement draft purge",
      "undo copies purge",
    ]);
  });
});
