// The command-line tasks, run through Vite by scripts/db-migrate.ts, db-seed.ts and user.ts (run-in-app.ts), so
// they run exactly the code the server runs. Each opens the configured database, does its work and closes it.
import { getConfig } from "~/config.server";
import { closeDatabase, migrateDatabase, openDatabase } from "~/db/client.server";
import { setCreator } from "~/features/auth/creators.server";
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

/** `npm run user -- grant-creator <email>` (and revoke-creator). Prints one line; returns the exit code. */
export async function userCommand(args: string[]): Promise<number> {
  const [command, email] = args;
  const usage = "Usage: npm run user -- grant-creator <email> | revoke-creator <email>";
  if ((command !== "grant-creator" && command !== "revoke-creator") || !email) {
    console.error(usage);
    return 2;
  }
  const changed = await setCreator({ email, creator: command === "grant-creator" });
  if (!changed) {
    console.error(`No account with the e-mail address ${email}. The person must sign up first (or add it to CREATOR_EMAILS).`);
    return 1;
  }
  console.log(command === "grant-creator" ? `${email} is now a creator.` : `${email} is no longer a creator.`);
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
