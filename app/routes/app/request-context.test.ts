import { describe, expect, it, vi } from "vitest";
import type * as SessionModule from "~/features/auth/session.server";
import type * as HouseholdsModule from "~/features/household/households.server";
import { listUserHouseholds } from "~/features/household/households.server";
import { signedInHeaders } from "~/features/household/signed-in.test-helpers";
import { seedHousehold } from "../../../db/seed/budget";
import { useTestServer } from "../../../server/test-server";

/**
 * The request's context through the real server: the /app layout's loader and the page's each ask for it, and the
 * root loader and entry.server for the language, yet one request reads the households once.
 */

vi.mock("virtual:react-router/server-build", async () =>
  (await import("../../../server/test-page-build")).pageServerBuild(),
);
vi.mock("~/features/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  requireUser: (await import("~/features/household/signed-in.test-helpers")).requireSignedInUser,
}));
vi.mock("~/features/household/households.server", async (importOriginal) => {
  const original = await importOriginal<typeof HouseholdsModule>();
  return { ...original, listUserHouseholds: vi.fn(original.listUserHouseholds) };
});

const server = useTestServer();

describe("one request, one context", () => {
  it.each(["/app/goals", "/app/goals.data"])("%s reads the user's households once", async (path) => {
    const { owner } = await seedHousehold();
    vi.mocked(listUserHouseholds).mockClear();
    const response = await fetch(server.url(path), { headers: { ...signedInHeaders(owner), cookie: "lang=nl" } });
    expect(response.status).toBe(200);
    if (!path.endsWith(".data")) expect(await response.text()).toContain('lang="nl"');
    expect(listUserHouseholds).toHaveBeenCalledTimes(1);
  });
});
