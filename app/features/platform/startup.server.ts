import { logger } from "~/lib/logger.server";

type StartupTask = { name: string; run(): Promise<void> };

// Each area registers what must happen once the database is ready (seeding, role grants, workers).
const tasks: StartupTask[] = [];

export function onStartup(name: string, run: () => Promise<void>): void {
  if (!tasks.some((task) => task.name === name)) tasks.push({ name, run });
}

export async function runStartupTasks(): Promise<void> {
  await import("./startup-tasks.server");
  for (const task of tasks) {
    const started = performance.now();
    await task.run();
    logger.debug({ task: task.name, ms: Math.round(performance.now() - started) }, "start-up task done");
  }
}
