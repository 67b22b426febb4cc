import { isbot } from "isbot";
import { getOptionalUser } from "~/features/auth/session.server";
import { requestLanguage } from "~/features/auth/request-language.server";
import { householdRevisions } from "~/features/household/households.server";
import { rateTable } from "~/features/rates/rates.server";
import { todayIn } from "~/domain/periods";
import { readCookie } from "~/i18n/detect.server";
import { cookies } from "~/lib/cookies";

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
 * Reads the session and the memberships, which the page's own loaders then share (`oncePerReadingRequest`); undefined
 * for a visitor who is not signed in, or whose own household this request is about to create.
 */
export async function keptPageKey(request: Request): Promise<string | undefined> {
  const user = await getOptionalUser(request);
  if (!user) return undefined;
  const households = await householdRevisions({ userId: user.id });
  if (!households.some((item) => item.role === "owner")) return undefined;
  const userAgent = request.headers.get("user-agent");
  return JSON.stringify([
    user,
    households.map((item) => [item.id, item.revision, item.plan]),
    await requestLanguage(request),
    todayIn(readCookie(request, cookies.timeZone.name)),
    request.headers.get("cookie"),
    userAgent !== null && isbot(userAgent),
    rateTable().revision,
  ]);
}
