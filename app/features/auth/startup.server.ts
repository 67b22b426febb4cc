import { getConfig, isProduction } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { resolveAuthSecret } from "./auth-secret.server";
import { grantConfiguredCreators } from "./creators.server";
import { pruneRateLimits } from "./rate-limit.server";

/** Accounts at start-up: the signing secret, mail warning, creator grants, old rate-limit counters. */
export async function startAccounts(): Promise<void> {
  // Refuse to start a production deployment without AUTH_SECRET (a clear message instead of a broken first sign-in);
  // a local installation makes (or reads) its own secret here, so the log says so at start-up.
  const config = getConfig();
  resolveAuthSecret(config);
  if (isProduction(config) && !config.SMTP_URL) {
    logger.warn(
      "SMTP_URL is not set: e-mails (sign-up confirmations, password resets) are only written to $DATA_DIR/mail.",
    );
  }
  const granted = await grantConfiguredCreators();
  if (granted > 0) logger.info({ granted }, "creator role granted from CREATOR_EMAILS");
  await pruneRateLimits();
}
