import { demoContentEnabled } from "~/config.server";
import { onStartup } from "~/features/platform/startup.server";
import { logDemoAccount, seedDemoBudget } from "./demo-seed.server";

onStartup("budget: demo account", async () => {
  if (!demoContentEnabled()) return;
  await seedDemoBudget();
  logDemoAccount();
});
