import { logger } from "~/lib/logger.server";
import { fieldOf } from "~/lib/field-of";
import { sendEmailChangedMails, sendNewDeviceMail, sendPasswordChangedMail } from "./auth-mails.server";
import { rememberSignInDevice } from "./known-devices.server";
import { emailOfVerificationToken } from "./sign-up-browser.server";

/**
 * The mails that tell a person their account changed (auth.server.ts calls these from Better Auth's hooks): a new
 * password, a new address (to both addresses), a sign-in from a new device. Each says how to react. A notice that
 * fails is logged and never fails the change itself.
 */

interface NoticeUser {
  id: string;
  email: string;
  locale?: unknown;
  twoFactorEnabled?: unknown;
}

interface NewSession {
  session: { userId: string; ipAddress?: string | null; userAgent?: string | null; createdAt?: Date };
  user: NoticeUser;
}

/** What the hooks hand over of Better Auth's endpoint context: only what the notices read. */
interface EndpointContext {
  path?: string;
  query?: unknown;
  context?: { session?: { user?: { email?: unknown } } | null };
}

async function safely(what: string, notice: () => Promise<void>): Promise<void> {
  try {
    await notice();
  } catch (error) {
    logger.error({ err: error, notice: what }, "account notice failed");
  }
}

/** After the new password is stored (a reset or a change): the owner of the address hears of it. */
export async function noticePasswordChanged(user: NoticeUser): Promise<void> {
  await safely("password-changed", () => sendPasswordChangedMail({ user }));
}

/**
 * After an endpoint opened a session: the first sign-in on record mails nobody, a known device nobody, any other
 * device the person. The password step of a two-factor sign-in is not a sign-in yet (its session is dropped right
 * after, and the code's step opens the real one), so it is not counted.
 * Records the device at once; returns the mail still to send (for Better Auth's background tasks), or null.
 */
export async function noticeNewSession(
  path: string | undefined,
  created: NewSession,
): Promise<(() => Promise<void>) | null> {
  if (path === "/sign-in/email" && created.user.twoFactorEnabled === true) return null;
  try {
    const at = created.session.createdAt ?? new Date();
    const { seen, device } = await rememberSignInDevice({
      userId: created.session.userId,
      userAgent: created.session.userAgent,
      ipAddress: created.session.ipAddress,
      now: at,
    });
    if (seen !== "new") return null;
    const ipAddress =
      created.session.ipAddress && created.session.ipAddress !== "unknown" ? created.session.ipAddress : null;
    return () => safely("new-device", () => sendNewDeviceMail({ user: created.user, device, ipAddress, at }));
  } catch (error) {
    logger.error({ err: error, notice: "new-device" }, "account notice failed");
    return null;
  }
}

/** The address an account had when an update that changes it began, by the endpoint call making it. */
const previousAddresses = new WeakMap<object, string | null>();

/**
 * Before a user row is written with an address: keep the one it replaces. Better Auth changes an address in two
 * places, both inside an endpoint: /change-email (the signed-in user's session names the old address) and the
 * confirmation link of a change (its token, already checked by Better Auth, names the old address as `email`).
 */
export function notePreviousAddress(changes: { email?: unknown }, context: EndpointContext | null | undefined): void {
  if (typeof changes.email !== "string" || !context) return;
  const fromSession = context.context?.session?.user?.email;
  const token = fieldOf(context.query, "token");
  const previous =
    typeof fromSession === "string" ? fromSession : typeof token === "string" ? emailOfVerificationToken(token) : null;
  previousAddresses.set(context, previous);
}

/** After the row is written: when the address is another than before, both addresses hear of it. */
export async function noticeAddressChange(
  updated: NoticeUser | null | undefined,
  context: EndpointContext | null | undefined,
): Promise<void> {
  if (!updated || !context || !previousAddresses.has(context)) return;
  const previous = previousAddresses.get(context) ?? null;
  previousAddresses.delete(context);
  if (previous && previous.toLowerCase() === updated.email.toLowerCase()) return;
  await safely("email-changed", () => sendEmailChangedMails({ user: updated, oldEmail: previous }));
}
