// The command-line tasks, run through Vite by scripts/db-migrate.ts, db-seed.ts and user.ts (run-in-app.ts), so
// they run exactly the code the server runs. Each opens the configured database, does its work and closes it.
import { getConfig } from "~/config.server";
import { backupDatabase, BackupError, restoreDatabase } from "~/db/backup.server";
import { closeDatabase, migrateDatabase, openDatabase } from "~/db/client.server";
import { z } from "zod";
import { setCreator } from "~/features/auth/creators.server";
import { setPlanByOperator } from "~/features/billing/operator-plan.server";
import { plansApply } from "~/lib/billing-mode.server";
import { logger } from "~/lib/logger.server";
import { runStartupTasks, stopStartupTasks } from "../server/startup";

async function withDatabase(work: () => Promise<void>): Promise<void> {
  const config = getConfig();
  await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await work();
  } finally {
    await closeDatabase();
  }
}

/** `npm run db:migrate` */
export async function migrateCommand(): Promise<void> {
  await withDatabase(async () => {
    await migrateDatabase();
    logger.info("migrations applied");
  });
}

/** `npm run db:seed`: migrations and every start-up task (demo content, creators) without starting the server. */
export async function seedCommand(): Promise<void> {
  await withDatabase(async () => {
    await migrateDatabase();
    await runStartupTasks();
    await stopStartupTasks();
    logger.info("seed done");
  });
}

const userUsage =
  "Usage: npm run user -- grant-creator <email> | revoke-creator <email> | plan <email> premium|free [--until YYYY-MM-DD]";

/** `npm run user -- grant-creator <email>`, `revoke-creator`, `plan`. Prints one line; returns the exit code. */
export async function userCommand(args: string[]): Promise<number> {
  const [command, email] = args;
  if (command === "plan" && email) return planCommand(email, args.slice(2));
  if ((command !== "grant-creator" && command !== "revoke-creator") || !email) {
    console.error(userUsage);
    return 2;
  }
  const changed = await setCreator({ email, creator: command === "grant-creator" });
  if (!changed) {
    console.error(
      `No account with the e-mail address ${email}. The person must sign up first (or add it to CREATOR_EMAILS).`,
    );
    return 1;
  }
  console.log(command === "grant-creator" ? `${email} is now a creator.` : `${email} is no longer a creator.`);
  return 0;
}

const planArguments = z.union([
  z.tuple([z.literal("free")]),
  z.tuple([z.literal("premium")]),
  z.tuple([z.literal("premium"), z.literal("--until"), z.iso.date()]),
]);

/** `npm run user -- plan <email> premium|free [--until <date>]`: an operator gives (or ends) a plan. */
async function planCommand(email: string, rest: string[]): Promise<number> {
  const parsed = planArguments.safeParse(rest);
  if (!parsed.success) {
    console.error(userUsage);
    return 2;
  }
  const [plan, , untilDay] = parsed.data;
  // The plan ends at the start of the given day, in UTC, as a cancelled subscription ends at its period's end.
  const until = untilDay ? new Date(`${untilDay}T00:00:00Z`) : null;
  if (until && until.getTime() <= Date.now()) {
    console.error(`${untilDay} has passed: give a date in the future.`);
    return 2;
  }
  const result = await setPlanByOperator({ email, plan, until });
  if (!result.ok) {
    const reasons = {
      noAccount: `No account with the e-mail address ${email}. The person must sign up first.`,
      noHousehold: `${email} owns no budget.`,
      paidWithStripe: `${result.households?.join(", ")} pays through Stripe; change that subscription there.`,
    };
    console.error(reasons[result.error]);
    return 1;
  }
  const what = plan === "free" ? "Free" : untilDay ? `Premium until ${untilDay}` : "Premium with no end date";
  console.log(`${result.households.join(", ")} (${email}): ${what}.`);
  if (!plansApply())
    console.log("Billing is not configured on this installation, so every budget has every feature meanwhile.");
  return 0;
}

/** The `npm run user` entry: `userCommand` inside an open, migrated database. */
export async function userCommandWithDatabase(args: string[]): Promise<number> {
  let code = 0;
  await withDatabase(async () => {
    await migrateDatabase();
    code = await userCommand(args);
  });
  return code;
}

/** Runs a backup or restore, printing its refusal or failure as one clear message; returns the exit code. */
async function reportingBackupErrors(work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  }
}

/** `npm run backup [file]`: the embedded database (app stopped) or PostgreSQL (DATABASE_URL, while it runs). */
export async function backupCommand(args: string[]): Promise<number> {
  const [file, ...rest] = args;
  if (rest.length > 0 || file?.startsWith("-")) {
    console.error("Usage: npm run backup [-- <file>]");
    return 2;
  }
  const { DATABASE_URL, DATA_DIR } = getConfig();
  return reportingBackupErrors(async () => {
    const backup = await backupDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR, file });
    const what = backup.kind === "postgres" ? "PostgreSQL database (pg_dump, custom format)" : "embedded database";
    console.log(`Backed up the ${what} to ${backup.file} (${(backup.bytes / 1024 / 1024).toFixed(1)} MB).`);
  });
}

/** `npm run restore <file> [--force]`: replaces the configured database with a backup, whole or not at all. */
export async function restoreCommand(args: string[]): Promise<number> {
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("-")) {
    console.error(
      "Usage: npm run restore -- <file> [--force]   (--force replaces a database that already has accounts)",
    );
    return 2;
  }
  const { DATABASE_URL, DATA_DIR } = getConfig();
  return reportingBackupErrors(async () => {
    const restored = await restoreDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR, file: files[0]!, force });
    console.log(
      `Restored ${files[0]} into the ${restored.kind === "postgres" ? "PostgreSQL database in DATABASE_URL" : `embedded database in ${DATA_DIR}`}.`,
    );
    if (restored.keptPrevious)
      console.log(
        `The database it replaced is kept in ${restored.keptPrevious}; delete that folder once you no longer need it.`,
      );
    console.log("Start the app as usual: it applies any migration newer than the backup.");
  });
}
