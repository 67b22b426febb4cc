import { onStartup } from "~/features/platform/startup.server";
import { budgetDemoEnabled, logDemoAccount, seedDemoBudget } from "./demo-seed.server";

onStartup("budget: demo account", async () => {
  if (!budgetDemoEnabled()) return;
  await seedDemoBudget();
  logDemoAccount();
});
