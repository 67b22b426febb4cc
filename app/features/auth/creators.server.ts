import { eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { logger } from "~/lib/logger.server";
import { creatorEmails } from "./creator-emails.server";

/**
 * The spec's RPC `can_create_articles`: true for users with the creator role. Any failure (unknown user,
 * database trouble) is logged and means "not a creator" (spec section 6).
 */
export async function canCreateArticles({ userId }: { userId: string | null | undefined }): Promise<boolean> {
  if (!userId) return false;
  try {
    const rows = await db().select({ isCreator: user.isCreator }).from(user).where(eq(user.id, userId)).limit(1);
    return rows[0]?.isCreator === true;
  } catch (error) {
    logger.error({ err: error, userId }, "creator check failed; treating as not a creator");
    return false;
  }
}

/** Gives (or takes away) the creator role by e-mail; false when no account has that address. */
export async function setCreator({ email, creator }: { email: string; creator: boolean }): Promise<boolean> {
  const rows = await db()
    .update(user)
    .set({ isCreator: creator, updatedAt: new Date() })
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .returning({ id: user.id });
  return rows.length > 0;
}

/** CREATOR_EMAILS at start-up: existing accounts get the role now, new ones when they sign up. */
export async function grantConfiguredCreators(): Promise<number> {
  const emails = [...creatorEmails()];
  if (emails.length === 0) return 0;
  const rows = await db()
    .update(user)
    .set({ isCreator: true, updatedAt: new Date() })
    .where(inArray(sql`lower(${user.email})`, emails))
    .returning({ id: user.id });
  return rows.length;
}
