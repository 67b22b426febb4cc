import { afterEach, describe, expect, it } from "vitest";
import { createAuthStateForTests, type AuthEvent, type AuthState } from "./auth-state";
import type { SessionUser } from "./session-user";

const ada: SessionUser = {
  id: "u1",
  email: "ada@example.com",
  name: "Ada",
  locale: "en",
  isCreator: false,
  twoFactorEnabled: false,
};

const tabs: AuthState[] = [];
function openTab() {
  const tab = createAuthStateForTests();
  tabs.push(tab);
  const events: AuthEvent[] = [];
  tab.onAuthStateChange((event) => events.push(event));
  let revalidations = 0;
  tab.useRevalidator(() => revalidations++);
  return { tab, events, revalidations: () => revalidations };
}

const nextMessage = () => new Promise((resolve) => setTimeout(resolve, 30));

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.dispose();
});

describe("client auth state", () => {
  it("turns the server's answers into the spec's events", () => {
    const { tab, events } = openTab();
    tab.sync(null);
    tab.sync(ada);
    tab.sync({ ...ada, twoFactorEnabled: true });
    tab.announce("MFA_CHALLENGE_VERIFIED");
    tab.sync(null);
    expect(events).toEqual(["INITIAL_SESSION", "SIGNED_IN", "USER_UPDATED", "MFA_CHALLENGE_VERIFIED", "SIGNED_OUT"]);
    expect(tab.getSnapshot()).toEqual({ status: "signed-out", user: null });
  });

  it("a late listener hears INITIAL_SESSION with the current state", () => {
    const { tab } = openTab();
    tab.sync(ada);
    const heard: Array<[AuthEvent, string | undefined]> = [];
    tab.onAuthStateChange((event, snapshot) => heard.push([event, snapshot.user?.email]));
    expect(heard).toEqual([["INITIAL_SESSION", "ada@example.com"]]);
  });

  it("follows sign-in and sign-out in another tab of the same browser", async () => {
    const first = openTab();
    const second = openTab();
    first.tab.sync(null);
    second.tab.sync(null);

    first.tab.sync(ada);
    await nextMessage();
    // The other tab reloads its data (its loader now sees the session) and reports SIGNED_IN without echoing it back.
    expect(second.revalidations()).toBe(1);
    expect(second.tab.getSnapshot().status).toBe("loading");
    second.tab.sync(ada);
    expect(second.events).toEqual(["INITIAL_SESSION", "SIGNED_IN"]);
    await nextMessage();
    expect(first.revalidations()).toBe(0);

    second.tab.sync(null);
    await nextMessage();
    expect(first.revalidations()).toBe(1);
    first.tab.sync(null);
    expect(first.events).toEqual(["INITIAL_SESSION", "SIGNED_IN", "SIGNED_OUT"]);
  });
});
