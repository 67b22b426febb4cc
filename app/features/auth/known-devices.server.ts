import crypto from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { knownDevice } from "~/db/schema/auth";
import { deviceKey, deviceOf, type Device } from "./device";

/** A device not used for a year is forgotten: signing in from it again mails the person once more. */
const knownDeviceLifetimeDays = 365;

/**
 * "first": the account's first sign-in on record (right after sign-up and confirmation, or the first after this
 * feature arrived): nothing to compare with, so no mail. "known": this device signed in before. "new": the account
 * has signed in before, but never from this device.
 */
type SignInDevice = "first" | "known" | "new";

/** The stored key: a hash, so the table holds neither user agents nor networks. */
function storedKey(device: Device): string {
  return crypto.createHash("sha256").update(deviceKey(device)).digest("base64url");
}

/**
 * Records the device of a new session and says whether the account had seen it before. The rule (decision 0006's
 * notices): a device is its browser, its system and its network (device.ts); a sign-in from a device the account
 * has not used in the last year, by an account that has signed in before, is "new".
 */
export async function rememberSignInDevice(options: {
  userId: string;
  userAgent: string | null | undefined;
  ipAddress: string | null | undefined;
  now?: Date;
}): Promise<{ seen: SignInDevice; device: Device }> {
  const now = options.now ?? new Date();
  const device = deviceOf(options.userAgent, options.ipAddress);
  const key = storedKey(device);
  const forgottenBefore = new Date(now.getTime() - knownDeviceLifetimeDays * 24 * 60 * 60 * 1000);
  await db()
    .delete(knownDevice)
    .where(and(eq(knownDevice.userId, options.userId), lt(knownDevice.lastSeenAt, forgottenBefore)));
  const known = await db()
    .select({ key: knownDevice.key })
    .from(knownDevice)
    .where(eq(knownDevice.userId, options.userId));
  await db()
    .insert(knownDevice)
    .values({ userId: options.userId, key, createdAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [knownDevice.userId, knownDevice.key], set: { lastSeenAt: now } });
  const seen: SignInDevice = known.length === 0 ? "first" : known.some((row) => row.key === key) ? "known" : "new";
  return { seen, device };
}
