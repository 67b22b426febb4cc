import { isbot } from "isbot";
import { checkedSession, getOptionalUser } from "~/features/auth/session.server";
import { householdRevisions, householdRevisionsOfLiveSession } from "~/features/household/households.server";
import { rateTable } from "~/features/rates/rates.server";
import { todayIn } from "~/domain/periods";
import { detectLanguage, readCookie } from "~/i18n/detect.server";
import { cookies } from "~/lib/cookies";

/**
 * The signed-in user and their households' revisions. A session Better Auth already found live here is checked in
 * the one statement that reads the revisions (it may have been signed out since); any other is looked up by Better
 * Auth first, which the page's loaders then share.
 */
async function signedInWithRevisions(request: Request) {
  const checked = checkedSession(request);
  if (checked) {
    const households = await householdRevisionsOfLiveSession({ userId: checked.user.id, token: checked.token });
    return households ? { user: checked.user, households } : undefined;
  }
  const user = await getOptionalUser(request);
  return user ? { user, households: await householdRevisions({ userId: user.id }) } : undefined;
}

/**
 * Everything a signed-in page of the budget tool is made of besides its address, as one string (decision 0030): a
 * page kept under this key is the same page a new render would give, for as long as the key stays the same.
 *
 * - who reads it: the signed-in user as the session gives them (name, e-mail address, language, two-factor);
 * - what their households hold: each household's revision, which the database moves forward with every write to any
 *   of its rows, whoever wrote it (migration 0034), and its plan now; a household joined or left changes the list;
 * - how it is shown: the page language, today in the reader's time zone, every cookie the request carries (the chosen
 *   household, the time zone, consent), whether the reader is a crawler (rendered whole, not streamed);
 * - the exchange rates this process converts with.
 *
 * One statement for a session already checked in this process, two otherwise; undefined for a visitor who is not
 * signed in, or whose own household this request is about to create.
 */
export async function keptPageKey(request: Request): Promise<string | undefined> {
  const signedIn = await signedInWithRevisions(request);
  if (!signedIn) return undefined;
  const { user, households } = signedIn;
  if (!households.some((item) => item.role === "owner")) return undefined;
  const userAgent = request.headers.get("user-agent");
  return JSON.stringify([
    user,
    households.map((item) => [item.id, item.revision, item.plan]),
    // requestLanguage's order, with the user this check read (requestLanguage would look the session up again).
    detectLanguage(request, user.locale),
    todayIn(readCookie(request, cookies.timeZone.name)),
    request.headers.get("cookie"),
    userAgent !== null && isbot(userAgent),
    rateTable().revision,
  ]);
}
