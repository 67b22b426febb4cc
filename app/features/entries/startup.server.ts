import { demoContentEnabled } from "~/config.server";
import { logDemoAccount, seedDemoBudget } from "./demo-seed.server";

/** The demo account with its year of transactions, when demo content is on. */
export async function seedBudgetDemo(): Promise<void> {
  if (!demoContentEnabled()) return;
  await seedDemoBudget();
  logDemoAccount();
}
