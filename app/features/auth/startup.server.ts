import { getConfig } from "~/config.server";
import { onStartup } from "~/features/platform/startup.server";
import { logger } from "~/lib/logger.server";
import { resolveAuthSecret } from "./auth-secret.server";
import { grantConfiguredCreators } from "./creators.server";
import { pruneRateLimits } from "./rate-limit.server";

onStartup("auth", async () => {
  // Refuse to start in production without AUTH_SECRET (a clear message instead of a broken first sign-in).
  const config = getConfig();
  resolveAuthSecret(config);
  if (config.NODE_ENV === "production" && !config.SMTP_URL) {
    logger.warn("SMTP_URL is not set: e-mails (sign-up confirmations, password resets) are only written to $DATA_DIR/mail.");
  }
  const granted = await grantConfiguredCreators();
  if (granted > 0) logger.info({ granted }, "creator role granted from CREATOR_EMAILS");
  await pruneRateLimits();
});
