import { getConfig } from "~/config.server";
import { closeDatabase, migrateDatabase, openDatabase } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { runStartupTasks } from "./startup.server";

/** Opens the configured database, runs `work`, and closes it again: the frame of every command-line task. */
export async function withDatabase(work: () => Promise<void>): Promise<void> {
  const config = getConfig();
  await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await work();
  } finally {
    await closeDatabase();
  }
}

export async function migrateCommand(): Promise<void> {
  await withDatabase(async () => {
    await migrateDatabase();
    logger.info("migrations applied");
  });
}

/** Applies migrations and runs every start-up task (demo content, creators) without starting the server. */
export async function seedCommand(): Promise<void> {
  await withDatabase(async () => {
    await migrateDatabase();
    await runStartupTasks();
    logger.info("seed done");
  });
}
