import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import type { Language } from "~/domain/languages";

/** Saves the profile name and interface language on the account; e-mails are written in that language. */
export async function updateProfile({ userId, name, locale }: { userId: string; name: string; locale: Language }) {
  await db().update(user).set({ name, locale, updatedAt: new Date() }).where(eq(user.id, userId));
}
