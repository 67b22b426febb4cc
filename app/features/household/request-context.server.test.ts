import { describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import type * as SessionModule from "~/features/auth/session.server";
import type * as DetectModule from "~/i18n/detect.server";
import { pageLanguage, requestLanguage } from "~/features/auth/request-language.server";
import { signedInHeaders } from "~/features/household/signed-in.test-helpers";
import { logger } from "~/lib/logger.server";
import { runWithRequestStore, type RequestStore } from "~/lib/request-store.server";
import { addPartner, seedHousehold } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { requireAppContext } from "./app-context.server";
import type * as HouseholdsModule from "./households.server";
import { listUserHouseholds } from "./households.server";
import { detectLanguage } from "~/i18n/detect.server";

vi.mock("~/features/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  requireUser: (await import("~/features/household/signed-in.test-helpers")).requireSignedInUser,
}));
vi.mock("./households.server", async (importOriginal) => {
  const original = await importOriginal<typeof HouseholdsModule>();
  return { ...original, listUserHouseholds: vi.fn(original.listUserHouseholds) };
});
vi.mock("~/i18n/detect.server", async (importOriginal) => {
  const original = await importOriginal<typeof DetectModule>();
  return { ...original, detectLanguage: vi.fn(original.detectLanguage) };
});

useTestDatabase();

const inRequest = <T>(work: () => Promise<T>) =>
  runWithRequestStore<Promise<T>>(
    {
      nonce: "n",
      requestId: "1",
      log: logger,
      clientIp: "203.0.113.7",
      appendSetCookie: () => undefined,
      once: new Map(),
    } satisfies RequestStore,
    work,
  );

describe("the request's context", () => {
  it("reads the households and detects the language once, however many loaders ask", async () => {
    const { owner, household } = await seedHousehold();
    const request = new Request("http://localhost/app", {
      headers: { ...signedInHeaders(owner), "accept-language": "nl" },
    });
    vi.mocked(listUserHouseholds).mockClear();
    vi.mocked(detectLanguage).mockClear();
    const [layout, page, language] = await inRequest(() =>
      Promise.all([requireAppContext(request), requireAppContext(request), requestLanguage(request)]),
    );
    expect(page).toBe(layout);
    expect(layout).toMatchObject({ householdId: household.id, language: "nl" });
    expect(language).toBe("nl");
    expect(listUserHouseholds).toHaveBeenCalledTimes(1);
    expect(detectLanguage).toHaveBeenCalledTimes(1);
    // entry.server reads the language the loaders decided, without detecting it again.
    expect(await inRequest(async () => [await requestLanguage(request), await pageLanguage(request)])).toEqual([
      "nl",
      "nl",
    ]);
  });

  it("gives two requests running at once each their own user, household and language", async () => {
    const first = await seedHousehold();
    const second = await seedHousehold();
    const requestOf = (user: typeof first.owner, language: string) =>
      new Request("http://localhost/app", { headers: { ...signedInHeaders(user), cookie: `lang=${language}` } });
    const [a, b] = await Promise.all([
      inRequest(() => requireAppContext(requestOf(first.owner, "de"))),
      inRequest(() => requireAppContext(requestOf(second.owner, "fr"))),
    ]);
    expect(a).toMatchObject({ user: { id: first.owner.id }, householdId: first.household.id, language: "de" });
    expect(b).toMatchObject({ user: { id: second.owner.id }, householdId: second.household.id, language: "fr" });
  });

  it("reads again for the loaders after an action, which may have switched the household", async () => {
    const { owner } = await seedHousehold();
    const other = await seedHousehold();
    await seedPremium(other.household.id);
    const action = new Request("http://localhost/app/settings", { method: "POST", headers: signedInHeaders(owner) });
    const [before, after] = await inRequest(async () => {
      const read = await requireAppContext(action);
      // The action's write: the owner joins another household (as accepting an invitation does).
      await addPartner({ householdId: other.household.id, userId: owner.id });
      const loaders = new Request(action.url, { headers: action.headers });
      return [read, await requireAppContext(loaders)];
    });
    expect(before.households.map((item) => item.id)).not.toContain(other.household.id);
    expect(after.households.map((item) => item.id)).toContain(other.household.id);
  });
});
