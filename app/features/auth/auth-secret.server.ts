import type { Config } from "~/config.server";
import { logger } from "~/lib/logger.server";

/** Only for development and tests: sessions signed with it are worthless anywhere else. */
const developmentSecret = "samen-development-secret-do-not-use-in-production";

export class MissingAuthSecretError extends Error {
  constructor() {
    super(
      "AUTH_SECRET is not set. In production Samen needs a secret of at least 32 characters to sign sessions; " +
        "create one with `openssl rand -base64 48` and set AUTH_SECRET in the environment.",
    );
    this.name = "MissingAuthSecretError";
  }
}

let warned = false;

/** AUTH_SECRET, or (outside production) a fixed development secret with a warning. Throws in production without one. */
export function resolveAuthSecret(config: Pick<Config, "AUTH_SECRET" | "NODE_ENV">): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.NODE_ENV === "production") throw new MissingAuthSecretError();
  if (!warned && config.NODE_ENV !== "test") {
    warned = true;
    logger.warn("AUTH_SECRET is not set: using a fixed development secret. Set AUTH_SECRET before running in production.");
  }
  return developmentSecret;
}
