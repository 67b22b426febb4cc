import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { isProduction, type Config } from "~/config.server";
import { logger } from "~/lib/logger.server";

/** The fixed secret earlier versions used outside production. Sessions signed with it are worthless: refused in production. */
const formerDevelopmentSecret = "samen-development-secret-do-not-use-in-production";
/** Only for the test suite (NODE_ENV=test), whose databases live for one test file. */
const testSecret = "samen-test-secret-only-valid-inside-the-test-suite";
/** Where a local installation keeps the secret it generated for itself, readable by its owner only. */
export const generatedSecretFile = "auth-secret";

type SecretConfig = Pick<Config, "AUTH_SECRET" | "NODE_ENV" | "PUBLIC_URL" | "DATA_DIR">;

export class MissingAuthSecretError extends Error {
  constructor(reason: "missing" | "development-secret") {
    super(
      (reason === "missing"
        ? "AUTH_SECRET is not set. A production deployment (NODE_ENV=production with PUBLIC_URL) needs a secret of at least 32 characters to sign sessions; "
        : "AUTH_SECRET is the old fixed development secret, which anyone can read in Samen's source; ") +
        "create one with `openssl rand -base64 48` and set AUTH_SECRET in the environment.",
    );
    this.name = "MissingAuthSecretError";
  }
}

const generated = new Map<string, string>();

/**
 * The secret that signs sessions:
 * - AUTH_SECRET when set (in production never the old published development secret);
 * - a production deployment without one refuses to start;
 * - a local installation (`npm start`, `npm run dev`) generates a strong one once, keeps it in
 *   `$DATA_DIR/auth-secret` with mode 0600 and reuses it on every start, so sessions survive restarts.
 */
export function resolveAuthSecret(config: SecretConfig): string {
  if (config.AUTH_SECRET) {
    if (isProduction(config) && config.AUTH_SECRET === formerDevelopmentSecret)
      throw new MissingAuthSecretError("development-secret");
    return config.AUTH_SECRET;
  }
  if (isProduction(config)) throw new MissingAuthSecretError("missing");
  if (config.NODE_ENV === "test") return testSecret;
  return localSecret(config.DATA_DIR);
}

function localSecret(dataDir: string): string {
  const file = path.resolve(dataDir, generatedSecretFile);
  const known = generated.get(file);
  if (known) return known;
  let secret: string;
  try {
    secret = fs.readFileSync(file, "utf8").trim();
    if (secret.length < 32) throw new Error("too short");
  } catch {
    secret = crypto.randomBytes(48).toString("base64url");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // "wx": never overwrite a secret another process wrote a moment ago; 0600: only this user reads it.
    try {
      fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
      logger.info(
        { file },
        "AUTH_SECRET is not set: generated a secret for this installation and stored it (readable only by you)",
      );
    } catch {
      secret = fs.readFileSync(file, "utf8").trim();
    }
  }
  fs.chmodSync(file, 0o600);
  generated.set(file, secret);
  return secret;
}
