import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { getConfig, publicUrl, secureCookies } from "~/config.server";
import { db, type Database } from "~/db/client.server";
import { databaseFaultOf } from "~/db/faults.server";
import { account, rateLimit, session, twoFactor as twoFactorTable, user, verification } from "~/db/schema/auth";
import { isLanguage } from "~/domain/languages";
import {
  sessionCookieAttributes,
  sessionCookieName as sessionCookieNameFor,
  sessionCookiePrefix,
} from "~/lib/cookies.server";
import { logger, scrubQueryParameters } from "~/lib/logger.server";
import { getRequestStore } from "~/lib/request-store.server";
import { trustedOriginsOf } from "~/lib/site-names.server";
import { containsUnsafeText, hasControlCharacters } from "~/lib/safe-text";
import { resolveAuthSecret } from "./auth-secret.server";
import { signInAfterVerificationPlugin } from "./sign-up-browser.server";
import {
  passwordResetLink,
  sendExistingAccountMail,
  sendPasswordResetMail,
  sendVerificationMail,
  verificationLink,
} from "./auth-mails.server";
import {
  authEndpointLimits,
  enforceAuthRateLimit,
  forgetFailedSignIns,
  RateLimitedError,
  rateLimitsEnabled,
} from "./auth-rate-limits.server";
import { maxEmailLength, maxNameLength } from "./auth.schema";
import {
  noticeAddressChange,
  noticeNewSession,
  noticePasswordChanged,
  notePreviousAddress,
} from "./account-notices.server";
import { creatorEmails } from "./creator-emails.server";
import { checkPassword } from "./password-policy.server";
import { passwordMaxLength } from "./password-rules";
import { consumeRateLimit } from "./rate-limit.server";
import { processWide, processWideSlot } from "~/lib/global-singleton";
import { fieldOf } from "~/lib/field-of";

/** Header carrying the client address Express resolved; set by our own code on every call, never trusted from outside. */
export const clientIpHeader = "x-samen-client-ip";

export const sessionLifetimeSeconds = 7 * 24 * 60 * 60;
/** The session's expiry moves forward (rolling) when it is used and at least this old. */
export const sessionRefreshAgeSeconds = 24 * 60 * 60;
export const passwordResetLifetimeSeconds = 60 * 60;
export const verificationLifetimeSeconds = 24 * 60 * 60;

/** Better Auth's cookie prefix and attributes, from the one cookie module (~/lib/cookies.server). */
export function authCookieOptions(secure: boolean = secureCookies()) {
  return { cookiePrefix: sessionCookiePrefix(secure), attributes: { ...sessionCookieAttributes, secure } };
}

export function sessionCookieName(secure: boolean = secureCookies()): string {
  return sessionCookieNameFor(secure);
}

type AccountCreatedListener = (account: { userId: string }) => Promise<void>;

function accountCreatedListeners(): Set<AccountCreatedListener> {
  return processWide("accountCreatedListeners", () => new Set<AccountCreatedListener>());
}

/**
 * Runs `listener` after every new account is stored. Start-up wires what other features do then (the household
 * module gives each account its own household), so auth imports none of them.
 */
export function onAccountCreated(listener: AccountCreatedListener): void {
  accountCreatedListeners().add(listener);
}

function createAuth(database: Database) {
  const config = getConfig();
  const cookies = authCookieOptions();
  const limitsEnabled = rateLimitsEnabled();

  const betterAuthLogger = {
    level: "warn" as const,
    log(level: "info" | "success" | "warn" | "error" | "debug", message: string, ...args: unknown[]) {
      // Better Auth warns about every wrong password; that is normal traffic, not an operator's problem.
      const pinoLevel = level === "error" ? "error" : level === "warn" ? "info" : "debug";
      logger[pinoLevel]({ source: "better-auth", details: args.length ? args : undefined }, message);
    },
  };

  return betterAuth({
    appName: "Samen",
    baseURL: publicUrl(),
    basePath: "/api/auth",
    secret: resolveAuthSecret(config),
    database: drizzleAdapter(database, {
      provider: "pg",
      schema: { user, session, account, verification, twoFactor: twoFactorTable, rateLimit },
    }),
    telemetry: { enabled: false },
    logger: betterAuthLogger,
    onAPIError: {
      // Refusals (wrong password, bad input, limits) are everyday traffic; only real failures are errors.
      onError(error) {
        // Better Auth's router then prints the error to stderr itself: a failed query's values must not go with it.
        scrubQueryParameters(error);
        const fault = databaseFaultOf(error);
        if (fault) {
          // Better Auth still answers its own 500; the HTTP handler (http.server.ts) reads this note and answers 503 or 507.
          const store = getRequestStore();
          if (store) store.databaseFault = fault;
          logger.warn({ err: error, fault }, "auth request met a database fault");
        } else if (isAPIError(error) && error.statusCode < 500)
          logger.debug({ code: fieldOf(error.body, "code") }, error.message);
        else logger.error({ err: error }, "auth request failed");
      },
    },
    // Our pages post to their own route actions (same-origin checked by Express); the HTTP handler trusts the site's
    // configured origins, and the request's own only under one of the site's names, never any name it brings (0036).
    trustedOrigins: (request) => trustedOriginsOf(request),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      // Our own rule counts characters (code points); Better Auth counts UTF-16 units, so give it room for 128 emoji.
      maxPasswordLength: passwordMaxLength * 2,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: passwordResetLifetimeSeconds,
      async sendResetPassword({ user: resetUser, token }) {
        await sendPasswordResetMail({ user: resetUser, link: passwordResetLink(token) });
      },
      async onExistingUserSignUp({ user: existing }) {
        await sendExistingAccountMail({ user: existing });
      },
      // Every session already ended (revokeSessionsOnPasswordReset); the owner of the address hears of the new password.
      async onPasswordReset({ user: changed }) {
        await noticePasswordChanged(changed);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // The link alone signs nobody in: the confirmation page signs in only the browser that signed up
      // (sign-up-browser.server.ts), so an account created with someone else's address never opens in their browser.
      autoSignInAfterVerification: false,
      expiresIn: verificationLifetimeSeconds,
      async sendVerificationEmail({ user: newUser, url, token }) {
        // Better Auth puts "/" when no callbackURL was given; our default after confirming is the app's home.
        const callbackURL = new URL(url).searchParams.get("callbackURL");
        await sendVerificationMail({
          user: newUser,
          link: verificationLink(token, callbackURL === "/" ? null : callbackURL),
        });
      },
    },
    session: { expiresIn: sessionLifetimeSeconds, updateAge: sessionRefreshAgeSeconds },
    user: {
      additionalFields: {
        locale: { type: "string", required: false, input: true },
        isCreator: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          async before(newUser) {
            refuseControlCharactersInName(newUser.name);
            const locale = isLanguage(newUser.locale) ? newUser.locale : null;
            const isCreator = creatorEmails().has(newUser.email.toLowerCase());
            return { data: { ...newUser, name: (newUser.name ?? "").trim(), locale, isCreator } };
          },
          async after(createdUser) {
            for (const listener of accountCreatedListeners()) await listener({ userId: createdUser.id });
          },
        },
        // Whatever path writes the user (an endpoint, a plugin, the server's own auth.api call), its name stays one line.
        update: {
          async before(changes, context) {
            refuseControlCharactersInName(changes.name);
            notePreviousAddress(changes, context);
            return { data: changes };
          },
          // A new address: both the old and the new one hear of it (account-notices.server.ts).
          async after(updated, context) {
            await noticeAddressChange(updated, context);
          },
        },
      },
    },
    rateLimit: {
      enabled: limitsEnabled,
      window: 10,
      max: 100,
      // The endpoints below get per-IP and per-e-mail limits in the before-hook (that also covers auth.api calls).
      customRules: Object.fromEntries(Object.keys(authEndpointLimits).map((path) => [path, false as const])),
      customStorage: {
        async consume(key, rule) {
          const decision = await consumeRateLimit(`api:${key}`, { windowSeconds: rule.window, max: rule.max });
          return { allowed: decision.allowed, retryAfter: decision.allowed ? null : decision.retryAfterSeconds };
        },
      },
    },
    advanced: {
      cookiePrefix: cookies.cookiePrefix,
      // The prefix above already says `__Host-`; Better Auth must not add its own `__Secure-` in front.
      useSecureCookies: false,
      defaultCookieAttributes: cookies.attributes,
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
      // The session and its user in one statement (schema/auth.ts holds the relation): every signed-in request reads it.
      database: { generateId: () => crypto.randomUUID(), joins: true },
      // Mails go out after the answer, so "forgot password" takes as long for unknown addresses as for known ones.
      backgroundTasks: {
        handler(promise) {
          promise.catch((error: unknown) => logger.error({ err: error }, "background auth task failed"));
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Text with a NUL byte or another control character (lib/safe-text.ts) never reaches an endpoint: a 400
        // instead of a database error, for the HTTP API and auth.api calls alike.
        if (containsUnsafeText(ctx.query) || containsUnsafeText(ctx.body)) {
          throw new APIError("BAD_REQUEST", {
            code: "INVALID_CHARACTERS",
            message: "Text with control characters is not accepted",
          });
        }
        // Sign-up and /update-user alike: names travel into mail headers and subjects, so they take no line break or
        // tab either (the rule above lets those through for text with paragraphs).
        const named = fieldOf(ctx.body, "name");
        if (typeof named === "string" && hasControlCharacters(named)) {
          throw new APIError("BAD_REQUEST", {
            code: "NAME_INVALID_CHARACTERS",
            message: "Names cannot contain control characters or line breaks",
          });
        }
        // Better Auth appends to a callback URL with new URL(), which throws on "abc" (neither absolute nor "/…").
        const callbacks = [ctx.query?.callbackURL, ctx.query?.errorCallbackURL, fieldOf(ctx.body, "callbackURL")];
        if (callbacks.some((value) => typeof value === "string" && !(value.startsWith("/") || URL.canParse(value)))) {
          throw new APIError("BAD_REQUEST", { code: "INVALID_CALLBACK_URL", message: "Invalid callback URL" });
        }
        const email = fieldOf(ctx.body, "email");
        const name = fieldOf(ctx.body, "name");
        if (ctx.path in authEndpointLimits) {
          const ip = ctx.headers?.get(clientIpHeader) ?? "unknown";
          const accountId = authEndpointLimits[ctx.path]?.perAccount
            ? (await getSessionFromCtx(ctx).catch(() => null))?.user.id
            : undefined;
          try {
            await enforceAuthRateLimit(ctx.path, { ip, email, accountId });
          } catch (error) {
            if (error instanceof RateLimitedError) {
              throw new APIError(
                "TOO_MANY_REQUESTS",
                { code: "RATE_LIMITED", message: error.message, retryAfter: error.retryAfterSeconds },
                { "Retry-After": String(error.retryAfterSeconds) },
              );
            }
            throw error;
          }
        }
        if (typeof email === "string" && email.length > maxEmailLength) {
          throw new APIError("BAD_REQUEST", { code: "INVALID_EMAIL", message: "Invalid email" });
        }
        if (typeof name === "string" && name.length > maxNameLength) {
          throw new APIError("BAD_REQUEST", {
            code: "NAME_TOO_LONG",
            message: `Name must be at most ${maxNameLength} characters`,
          });
        }
        const newPassword =
          ctx.path === "/sign-up/email"
            ? fieldOf(ctx.body, "password")
            : ["/reset-password", "/change-password"].includes(ctx.path)
              ? fieldOf(ctx.body, "newPassword")
              : undefined;
        if (typeof newPassword === "string") {
          const problem = checkPassword(newPassword);
          if (problem) throw new APIError("BAD_REQUEST", { code: problem, message: passwordProblemMessages[problem] });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A session from a device this account has not used: the person is mailed (after the answer).
        const created = ctx.context.newSession;
        if (created) {
          const sendMail = await noticeNewSession(ctx.path, created);
          if (sendMail) await ctx.context.runInBackgroundOrAwait(sendMail());
        }
        if (ctx.path === "/change-password" && !(ctx.context.returned instanceof Error)) {
          const changer = ctx.context.session?.user;
          if (changer) await noticePasswordChanged(changer);
        }
        if (ctx.path !== "/sign-in/email") return;
        const returned = ctx.context.returned;
        const email = fieldOf(ctx.body, "email");
        if (returned && !(returned instanceof Error) && typeof email === "string") {
          await forgetFailedSignIns(email, ctx.headers?.get(clientIpHeader) ?? "unknown");
        }
      }),
    },
    plugins: [
      signInAfterVerificationPlugin(),
      twoFactor({
        issuer: "Samen",
        backupCodeOptions: { amount: 10, length: 10 },
      }),
    ],
  });
}

/** The last guard for names, in the database hooks: the before-hook answers the endpoints first, with the same code. */
function refuseControlCharactersInName(name: unknown) {
  if (typeof name === "string" && hasControlCharacters(name)) {
    throw new APIError("BAD_REQUEST", {
      code: "NAME_INVALID_CHARACTERS",
      message: "Names cannot contain control characters or line breaks",
    });
  }
}

const passwordProblemMessages = {
  PASSWORD_TOO_SHORT: "Password too short",
  PASSWORD_TOO_LONG: "Password too long",
  PASSWORD_TOO_COMMON: "This password is one of the most common ones; choose another",
} as const;

export type Auth = ReturnType<typeof createAuth>;

const authSlot = processWideSlot<{ database: Database; auth: Auth }>("auth");

/** The Better Auth instance, built on first use (the database opens at boot) and rebuilt if the database was reopened. */
export function getAuth(): Auth {
  const database = db();
  const cached = authSlot.get();
  if (cached?.database === database) return cached.auth;
  const auth = createAuth(database);
  authSlot.set({ database, auth });
  return auth;
}
