import { data } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import type { SessionUser } from "~/features/auth/session-user";
import { requestLanguage } from "~/features/auth/request-language.server";
import { readCookie } from "~/i18n/detect.server";
import type { Language } from "~/domain/languages";
import { clearedCookieLine, cookieLine, cookies } from "~/lib/cookies";
import { isMonthKey, monthOf, todayIn, type IsoDate, type MonthKey } from "~/domain/periods";
import { isUniqueViolation } from "~/db/faults.server";
import { oncePerRequestContext } from "~/lib/request-store.server";
import { isHouseholdAccessError } from "./errors";
import { ensurePersonalHousehold, listUserHouseholds } from "./households.server";

export interface AppContext {
  user: SessionUser;
  language: Language;
  today: IsoDate;
  households: Awaited<ReturnType<typeof listUserHouseholds>>;
  /** The household this request works on (the switcher's choice, else the user's own). */
  householdId: string;
}

/**
 * What every /app loader and action starts with: the signed-in user (or a redirect to sign-in), their households
 * — creating their own on the first visit, however the account was made — and the reader's language and today.
 * Read once per request however many loaders ask (the layout's and the page's), kept in the request's context: the
 * loaders after an action that switched household, joined one or renamed it read it again.
 */
export async function requireAppContext(request: Request): Promise<AppContext> {
  const user = await requireUser(request);
  return oncePerRequestContext(request, `app-context:${user.id}`, () => readAppContext(request, user));
}

async function readAppContext(request: Request, user: SessionUser): Promise<AppContext> {
  let households = await listUserHouseholds({ userId: user.id });
  if (!households.some((item) => item.role === "owner")) {
    await ensurePersonalHousehold({ userId: user.id });
    households = await listUserHouseholds({ userId: user.id, again: true });
  }
  const chosen = readCookie(request, cookies.household.name);
  const household = households.find((item) => item.id === chosen) ?? households[0];
  if (!household) throw new Error("a user without a household after ensurePersonalHousehold");
  return {
    user,
    language: await requestLanguage(request),
    today: todayIn(readCookie(request, cookies.timeZone.name)),
    households,
    householdId: household.id,
  };
}

/** The month a page shows: ?month=YYYY-MM, else the reader's current month. */
export function requestedMonth(request: Request, today: IsoDate): MonthKey {
  const month = new URL(request.url).searchParams.get("month");
  return isMonthKey(month) ? month : monthOf(today);
}

/** Another household's data (or a missing row) is a 404 page: its existence is never confirmed. */
export async function forLoader<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isHouseholdAccessError(error)) throw data(null, { status: error.code === "notFound" ? 404 : 403 });
    throw error;
  }
}

export type FormRefusal = { ok: false; fieldErrors: Record<string, string>; values?: Record<string, string> };

/** As forLoader, but a partner's write comes back as a 403 carrying a translated message for the form. */
export async function forAction<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (isHouseholdAccessError(error)) {
      if (error.code === "notFound") throw data(null, { status: 404 });
      return data<FormRefusal>({ ok: false, fieldErrors: { form: "errors.readOnly" } }, { status: 403 });
    }
    // The same thing written twice at once (two tabs, two members, a double click) met a unique index: a conflict
    // the user can resolve by reloading, never a crash.
    if (isUniqueViolation(error))
      return data<FormRefusal>({ ok: false, fieldErrors: { form: "errors.conflict.duplicate" } }, { status: 409 });
    throw error;
  }
}

export function householdCookieHeader(householdId: string, secure: boolean): string {
  return cookieLine(cookies.household, householdId, secure);
}

/** Forgets the chosen household. */
export function clearedHouseholdCookieHeader(secure: boolean): string {
  return clearedCookieLine(cookies.household, secure);
}
