import { z } from "zod";

const booleanFlag = z.enum(["true", "false", "1", "0", ""]).transform((value) => value === "true" || value === "1");

const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), z.url().optional());
const optionalText = z.preprocess((value) => (value === "" ? undefined : value), z.string().optional());

/** Every environment variable the service reads. `.env.example` documents each with its default. */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  // This machine only: HOST=0.0.0.0 opens the server to the network (server/index.ts says so at start-up).
  HOST: z.string().default("127.0.0.1"),
  PUBLIC_URL: optionalUrl,
  /**
   * More names the server answers to, comma-separated (a proxy's name, a home server's DNS name); others get 421.
   * Always answered: localhost, 127.0.0.1, [::1], PUBLIC_URL's and APP_URL's hosts (app/lib/site-names.server.ts).
   */
  ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  APP_URL: optionalUrl,
  PUBLIC_ASSETS_URL: optionalUrl,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  /** Off behind a connection pooler that cannot keep prepared statements (PgBouncer before 1.21 in transaction mode). */
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Samen <hello@samen.app>"),
  CREATOR_EMAILS: z.string().default(""),
  SEED_DEMO: booleanFlag.optional(),
  TRANSLATION_PROVIDER: z.enum(["none", "deepl", "openai", "libretranslate"]).default("none"),
  DEEPL_API_KEY: optionalText,
  DEEPL_SERVER_URL: optionalUrl,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  LIBRETRANSLATE_URL: optionalUrl,
  LIBRETRANSLATE_API_KEY: optionalText,
  TRANSLATION_PAUSE_MS: z.coerce.number().int().min(0).default(1000),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_ID: optionalText,
  /** Another Stripe API origin (a local fake in tests); empty: Stripe's own. */
  STRIPE_API_URL: optionalUrl,
  /** true: the labelled test-mode billing (plan switches at once, no payment) even in production — staging and browser tests only. */
  BILLING_TEST_MODE: booleanFlag.optional(),
  GA_MEASUREMENT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXX")
      .optional(),
  ),
  ANALYTICS_EXCLUDED_IP: optionalText,
  RATE_LIMIT_DISABLED: booleanFlag.optional(),
  /** Fetch new exchange rates from the ECB, the NBU and the NBP every six hours; off: the bundled history and rates set by hand. */
  RATE_UPDATES: booleanFlag.default(true),
  /** Other addresses for the central banks' rate files (local fakes in tests); empty: the banks' own. */
  ECB_RATES_URL: optionalUrl,
  NBU_RATES_URL: optionalUrl,
  NBP_RATES_URL: optionalUrl,
  /** Memory for the anonymous page cache (server/page-cache.ts), in megabytes; 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /** Memory for signed-in pages kept per person (server/kept-pages.ts, decision 0030), in megabytes; 0 turns it off. */
  KEPT_PAGES_MB: z.coerce.number().min(0).max(4096).default(64),
  /**
   * The proxies whose X-Forwarded-For is believed, in Express's "trust proxy" syntax: a hop count, or a comma-separated
   * list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal. Default: loopback only.
   */
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .transform((value) => value.trim())
    .refine(
      (value) => /^\d{1,2}$/.test(value) || value.split(",").every((part) => trustedProxyPart.test(part.trim())),
      {
        message:
          "must be a hop count or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal",
      },
    )
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value)),
});

const trustedProxyPart = /^(?:loopback|linklocal|uniquelocal|[0-9a-f.:]+(?:\/\d{1,3})?)$/i;

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment; throws a ConfigError with one line per bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  // The variable's name and what is wrong with it, never its value: it may be a secret or carry a password.
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(problems);
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * A deployment somebody configured for the public: NODE_ENV=production *and* PUBLIC_URL. It must be given its secrets
 * and its mail server. `npm start` on a laptop runs the same production build without PUBLIC_URL: that is a local
 * installation, which makes its own secret, keeps mail in the development outbox and may hold demo content.
 */
export function isProduction(config: Pick<Config, "NODE_ENV" | "PUBLIC_URL"> = getConfig()): boolean {
  return config.NODE_ENV === "production" && config.PUBLIC_URL !== undefined;
}

/**
 * Demo content (the demo account, demo articles): SEED_DEMO when set; otherwise on in development and on a local
 * installation's embedded database (`npm start`), off in a production deployment, in tests and on a PostgreSQL server.
 */
export function demoContentEnabled(config: Config = getConfig()): boolean {
  if (config.SEED_DEMO !== undefined) return config.SEED_DEMO;
  if (config.NODE_ENV === "development") return true;
  return config.NODE_ENV === "production" && !isProduction(config) && !config.DATABASE_URL;
}

/** Cookies are Secure (and session cookies `__Host-`) exactly when the site is served over https. */
export function secureCookies(): boolean {
  return publicUrl().startsWith("https:");
}

/** The site's own origin, used in links inside e-mails, canonical URLs and the sitemap. */
export function publicUrl(): string {
  const config = getConfig();
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
}
