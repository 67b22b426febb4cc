import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { householdMember } from "~/db/schema/household";
import type { HouseholdRole } from "./households.server";

/** The members of a household with their display names, in the order they joined (the owner first). */
export async function listHouseholdMembers(
  householdId: string,
): Promise<{ userId: string; name: string; role: HouseholdRole }[]> {
  const rows = await db()
    .select({ userId: householdMember.userId, name: user.name, role: householdMember.role })
    .from(householdMember)
    .innerJoin(user, eq(user.id, householdMember.userId))
    .where(eq(householdMember.householdId, householdId))
    .orderBy(asc(householdMember.createdAt), asc(householdMember.userId));
  return rows.map((row) => ({ ...row, role: row.role === "owner" ? "owner" : "partner" }));
}
