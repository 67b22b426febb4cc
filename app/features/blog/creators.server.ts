import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema";
import { logger } from "~/lib/logger.server";

/**
 * The spec's "can create articles" check: true for users with the creator role.
 * A failing check is logged and means "no rights", never an error page.
 */
export async function canCreateArticles({ userId }: { userId: string | null | undefined }): Promise<boolean> {
  if (!userId) return false;
  try {
    const [row] = await db().select({ isCreator: user.isCreator }).from(user).where(eq(user.id, userId)).limit(1);
    return row?.isCreator === true;
  } catch (error) {
    logger.error({ err: error, userId }, "creator check failed; treating the user as not a creator");
    return false;
  }
}
