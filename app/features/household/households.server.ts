import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { session, user } from "~/db/schema/auth";
import { subscription } from "~/db/schema/billing";
import { household, householdMember } from "~/db/schema/household";
import { defaultCurrency, type Currency } from "~/domain/money";
import { can, type Plan } from "~/domain/plans";
import { householdPlan } from "~/lib/billing-mode.server";
import { oncePerReadingRequest, primeReadingRequest } from "~/lib/request-store.server";
import { isUuid } from "~/lib/uuid";
import { HouseholdAccessError } from "./errors";
import { defaultHouseholdName } from "./household-name";

export type HouseholdRole = "owner" | "partner";

export interface HouseholdAccess {
  /** `ownerName`: who owns it, for the name it shows to its other members until renamed ("Sanne's budget"). */
  household: {
    id: string;
    name: string;
    currency: Currency;
    ownerUserId: string;
    ownerName: string;
    /** The day its month starts (its payday; 1: the calendar month), for the dashboard (decision 0021). */
    monthStartDay: number;
  };
  role: HouseholdRole;
  plan: Plan;
  /** Adds and changes money, budgets, rules and goals: the owner, and a partner who edits on a premium plan. */
  canWrite: boolean;
  /**
   * The other members (and former members) who show their personal spending to this user only as category totals: their personal expenses
   * must never reach this user row by row (`visibleEntries` in personal-privacy.server.ts). Usually empty.
   */
  hiddenPersonalOf: string[];
  /** Present members in the order they joined: who may have paid or received an entry, and the forms' names for them. */
  members: HouseholdMemberName[];
}

export interface HouseholdMemberName {
  userId: string;
  name: string;
}

/** One `[user_id, name]` pair as PostgreSQL's JSON gives it. */
function isMemberPair(value: unknown): value is [string, string] {
  return Array.isArray(value) && typeof value[0] === "string" && typeof value[1] === "string";
}

export { defaultHouseholdName };

/** Creates the household every account owns, with its owner membership. */
export async function createPersonalHousehold({ userId, name }: { userId: string; name?: string }) {
  return db().transaction(async (tx) => {
    const [created] = await tx
      .insert(household)
      .values({ name: name?.trim() || defaultHouseholdName, currency: defaultCurrency, ownerUserId: userId })
      .returning();
    if (!created) throw new Error("household insert returned nothing");
    await tx.insert(householdMember).values({ householdId: created.id, userId, role: "owner" });
    return created;
  });
}

/**
 * Makes sure the user owns a household, whichever way the account was created (sign-up, admin script, seed).
 * Concurrent first visits may race: a transaction-scoped advisory lock on the user serialises them.
 */
export async function ensurePersonalHousehold({ userId, name }: { userId: string; name?: string }) {
  const existing = await db()
    .select({ id: household.id })
    .from(household)
    .where(eq(household.ownerUserId, userId))
    .limit(1);
  if (existing[0]) return existing[0].id;
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`household:${userId}`}))`);
    const again = await tx
      .select({ id: household.id })
      .from(household)
      .where(eq(household.ownerUserId, userId))
      .limit(1);
    if (again[0]) return again[0].id;
    const [created] = await tx
      .insert(household)
      .values({ name: name?.trim() || defaultHouseholdName, currency: defaultCurrency, ownerUserId: userId })
      .returning({ id: household.id });
    if (!created) throw new Error("household insert returned nothing");
    await tx.insert(householdMember).values({ householdId: created.id, userId, role: "owner" });
    return created.id;
  });
}

/**
 * A user's memberships with each household's plan columns, in one query: what the switcher lists and what the access
 * check reads (narrowed to one household).
 */
function memberships(userId: string, narrowTo?: SQL) {
  return db()
    .select({
      id: household.id,
      name: household.name,
      currency: household.currency,
      monthStartDay: household.monthStartDay,
      revision: household.revision,
      ownerUserId: household.ownerUserId,
      // Left-joined: a membership never disappears because its owner's account row did.
      ownerName: sql<string>`coalesce(${user.name}, '')`,
      role: householdMember.role,
      canEdit: householdMember.canEdit,
      plan: subscription.plan,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      // One primary-key range read: the other members, present or former, who keep their personal spending to category
      // totals (the choice outlives the membership, decision 0016).
      hiddenPersonalOf: sql<string[] | null>`(select array_agg(hidden."user_id") from "personal_privacy" hidden
        where hidden."household_id" = ${household.id} and hidden."user_id" <> ${householdMember.userId})`,
      // Every page of the budget tool names them (who paid, the member views): read with the membership, not after it.
      members: sql<unknown>`(select json_agg(json_build_array(present."user_id", named."name")
          order by present."created_at", present."user_id")
        from "household_member" present join "user" named on named."id" = present."user_id"
        where present."household_id" = ${household.id})`,
    })
    .from(householdMember)
    .innerJoin(household, eq(household.id, householdMember.householdId))
    .leftJoin(user, eq(user.id, household.ownerUserId))
    .leftJoin(subscription, eq(subscription.householdId, household.id))
    .where(and(eq(householdMember.userId, userId), narrowTo));
}

/** The access check's shared read of one membership in a reading request (see `oncePerReadingRequest`). */
const accessKey = (userId: string, householdId: string) => `household-access ${userId} ${householdId}`;

/**
 * The user's memberships, their own first; read once per reading request: the kept-page check
 * (app/composition/kept-page-key.server.ts) asks before the page's loaders do. `again`: read after this request
 * created the user's own household.
 */
function membershipRows(userId: string, again: boolean) {
  return oncePerReadingRequest(`households ${userId}${again ? " again" : ""}`, async () => {
    const rows = await memberships(userId).orderBy(
      sql`${householdMember.role} = 'owner' desc`,
      asc(household.createdAt),
    );
    // Every signed-in page lists them first; its access checks then find their row here instead of asking again.
    for (const row of rows) primeReadingRequest(accessKey(userId, row.id), [row]);
    return rows;
  });
}

/** Every household the user belongs to, their own first, for the switcher. */
export async function listUserHouseholds({ userId, again = false }: { userId: string; again?: boolean }) {
  const rows = await membershipRows(userId, again);
  // A partner's view is a premium feature: after a downgrade the membership is kept but no longer listed.
  return rows
    .filter((row) => row.role === "owner" || can(householdPlan(row), "partners.access"))
    .map((row) => ({
      id: row.id,
      name: row.name,
      ownerName: row.ownerName,
      role: row.role,
      canEdit: row.role === "owner" || row.canEdit,
      currency: row.currency,
    }));
}

/** A household's revision and plan, as a kept page's key names them. */
type HouseholdRevision = { id: string; role: string; revision: number; plan: Plan };

/** The narrow membership read a kept page is checked against; `live`: whether a session is, for the same user. */
function revisionRows(database: Database, live: SQL) {
  return database
    .select({
      id: household.id,
      role: householdMember.role,
      revision: household.revision,
      plan: subscription.plan,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      live: sql<boolean>`${live}`,
    })
    .from(householdMember)
    .innerJoin(household, eq(household.id, householdMember.householdId))
    .leftJoin(subscription, eq(subscription.householdId, household.id))
    .where(eq(householdMember.userId, sql.placeholder("userId")))
    .orderBy(household.id);
}

const revisionsOf = (
  rows: (Parameters<typeof householdPlan>[0] & { id: string; role: string; revision: number })[],
): HouseholdRevision[] =>
  rows.map((row) => ({ id: row.id, role: row.role, revision: row.revision, plan: householdPlan(row) }));

/**
 * Built once per database: the statement every kept page's check sends (decision 0030), so its SQL is not composed
 * again on every request. On PostgreSQL a named prepared statement, planned once per connection.
 */
const preparedByDatabase = new WeakMap<Database, ReturnType<typeof prepareRevisionReads>>();

function prepareRevisionReads(database: Database) {
  return {
    plain: revisionRows(database, sql`true`).prepare("household_revisions"),
    withSession: revisionRows(
      database,
      sql`exists (select 1 from ${session} where ${session.token} = ${sql.placeholder("token")}
        and ${session.userId} = ${sql.placeholder("userId")} and ${session.expiresAt} > now())`,
    ).prepare("household_revisions_of_live_session"),
  };
}

function preparedRevisionReads() {
  const database = db();
  let prepared = preparedByDatabase.get(database);
  if (!prepared) {
    prepared = prepareRevisionReads(database);
    preparedByDatabase.set(database, prepared);
  }
  return prepared;
}

/**
 * Each of the user's households with its revision, which the database moves forward with every write to its rows
 * (decision 0030), and the plan it is on now (a period that ends changes it without a write): what a kept page is
 * checked against on every request, so one narrow statement (the switcher's read adds the members and privacy).
 */
export async function householdRevisions({ userId }: { userId: string }): Promise<HouseholdRevision[]> {
  return revisionsOf(await preparedRevisionReads().plain.execute({ userId }));
}

/**
 * As `householdRevisions`, in the same statement as the check that the session `token` of `userId` is still live
 * (not signed out, revoked or expired): null when it is not, or when the user has no household.
 */
export async function householdRevisionsOfLiveSession({
  userId,
  token,
}: {
  userId: string;
  token: string;
}): Promise<HouseholdRevision[] | null> {
  const rows = await preparedRevisionReads().withSession.execute({ userId, token });
  return rows.length > 0 && rows.every((row) => row.live === true) ? revisionsOf(rows) : null;
}

/**
 * The one authorisation check of the budget tool: the user's role and the household's plan, in one query.
 * Not a member (or not even a UUID) → notFound. `write`: the household's money, budgets, rules and goals — the owner
 * and a partner who edits. `ownerOnly`: the plan, invitations, the household itself — the owner alone. Refused → readOnly.
 */
export async function requireHouseholdAccess({
  userId,
  householdId,
  write = false,
  ownerOnly = false,
}: {
  userId: string;
  householdId: string;
  write?: boolean;
  ownerOnly?: boolean;
}): Promise<HouseholdAccess> {
  if (!isUuid(householdId)) throw new HouseholdAccessError("notFound");
  // A page's loaders each check access (the dashboard: four of them): a reading request asks the database once.
  const [row] = await oncePerReadingRequest(accessKey(userId, householdId), () =>
    memberships(userId, eq(householdMember.householdId, householdId)).limit(1),
  );
  if (!row) throw new HouseholdAccessError("notFound");
  const role = row.role;
  const plan = householdPlan(row);
  // A partner's view is a premium feature: after a downgrade the membership stays but opens nothing.
  if (role === "partner" && !can(plan, "partners.access")) throw new HouseholdAccessError("notFound");
  const canWrite = role === "owner" || (row.canEdit && can(plan, "partners.edit"));
  if ((write && !canWrite) || (ownerOnly && role !== "owner")) throw new HouseholdAccessError("readOnly");
  return {
    household: {
      id: row.id,
      name: row.name,
      currency: row.currency,
      ownerUserId: row.ownerUserId,
      ownerName: row.ownerName,
      monthStartDay: row.monthStartDay,
    },
    role,
    plan,
    canWrite,
    hiddenPersonalOf: row.hiddenPersonalOf ?? [],
    members: Array.isArray(row.members)
      ? row.members.filter(isMemberPair).map(([memberId, name]) => ({ userId: memberId, name }))
      : [],
  };
}

/**
 * Renames the household or changes the day its month starts (owner only). Its base currency changes only through the
 * conversion with its preview (features/base-currency, decision 0026).
 */
export async function updateHousehold({
  userId,
  householdId,
  name,
  monthStartDay,
}: {
  userId: string;
  householdId: string;
  name: string;
  /** 1–28; left as it is when not given. */
  monthStartDay?: number;
}) {
  await requireHouseholdAccess({ userId, householdId, ownerOnly: true });
  await db()
    .update(household)
    .set({ name, ...(monthStartDay === undefined ? {} : { monthStartDay }), updatedAt: new Date() })
    .where(eq(household.id, householdId));
}

/**
 * The household's new base currency, with its shared-expense alert threshold at `factor` (new minor units per old
 * one). Part of the conversion (features/base-currency), in its transaction.
 */
export async function setBaseCurrency(
  executor: Pick<Database, "execute">,
  { householdId, currency, factor }: { householdId: string; currency: Currency; factor: number },
) {
  await executor.execute(sql`
    update ${household} set "currency" = ${currency}, "updated_at" = now(),
      "shared_alert_minor" = greatest(1, round("shared_alert_minor"::numeric * ${String(factor)}::numeric))::bigint
    where ${household.id} = ${householdId}`);
}
