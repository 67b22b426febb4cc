import { isRecord } from "~/lib/is-record";
import { isOneOf } from "~/lib/one-of";
import type { SessionUser } from "./session-user";

/** The spec's session events (section 4). */
export type AuthEvent =
  | "INITIAL_SESSION"
  | "SIGNED_IN"
  | "SIGNED_OUT"
  | "TOKEN_REFRESHED"
  | "USER_UPDATED"
  | "PASSWORD_RECOVERY"
  | "MFA_CHALLENGE_VERIFIED";

export interface AuthSnapshot {
  /** "loading" while the page is finding out (first render before sync, another tab changed the session). */
  status: "loading" | "signed-in" | "signed-out";
  user: SessionUser | null;
}

export type AuthListener = (event: AuthEvent, snapshot: AuthSnapshot) => void;

interface Message {
  event: AuthEvent;
  userId: string | null;
}

/** The events another tab's sign-in or sign-out sends: what `onRemote` acts on. */
const remoteEvents = ["SIGNED_IN", "SIGNED_OUT", "USER_UPDATED"] as const satisfies readonly AuthEvent[];

/** A message as another tab posted it: the only check a value read back from localStorage gets. */
function isMessage(value: unknown): value is Message {
  return (
    isRecord(value) && isOneOf(remoteEvents, value.event) && (typeof value.userId === "string" || value.userId === null)
  );
}

const channelName = "samen-auth";
const storageKey = "samen-auth-event";
/** After this long in the background, coming back re-checks the session (and rolls its expiry). */
const recheckAfterMs = 5 * 60 * 1000;

/**
 * One auth state per browser tab. The server is the source of truth (the root loader reads the session);
 * this store turns changes in that data into the spec's events, tells other tabs about sign-in and sign-out,
 * and asks the page to reload its data when another tab changed the session.
 */
function createAuthState() {
  let snapshot: AuthSnapshot = { status: "loading", user: null };
  let initialized = false;
  let expectingRemoteChange = false;
  let expectingRefresh = false;
  let lastCheckedAt = 0;
  const listeners = new Set<AuthListener>();
  const subscribers = new Set<() => void>();
  const revalidators: Array<() => void> = [];
  let channel: BroadcastChannel | undefined;
  let connected = false;

  function setSnapshot(next: AuthSnapshot) {
    snapshot = next;
    for (const subscriber of subscribers) subscriber();
  }

  function emit(event: AuthEvent) {
    for (const listener of listeners) listener(event, snapshot);
  }

  function post(event: AuthEvent) {
    const message: Message = { event, userId: snapshot.user?.id ?? null };
    if (channel) channel.postMessage(message);
    else if (typeof localStorage !== "undefined") {
      try {
        localStorage.setItem(storageKey, JSON.stringify({ ...message, at: Date.now() }));
      } catch {
        // Private mode without storage: other tabs catch up when they are next used.
      }
    }
  }

  function revalidate() {
    revalidators.at(-1)?.();
  }

  function onRemote(message: Message) {
    if (message.event !== "SIGNED_IN" && message.event !== "SIGNED_OUT" && message.event !== "USER_UPDATED") return;
    if (message.event === "SIGNED_OUT" && !snapshot.user) return;
    if (message.event === "SIGNED_IN" && snapshot.user?.id === message.userId) return;
    expectingRemoteChange = true;
    setSnapshot({ ...snapshot, status: "loading" });
    revalidate();
  }

  function connect() {
    if (connected || (typeof window === "undefined" && typeof BroadcastChannel === "undefined")) return;
    connected = true;
    if (typeof BroadcastChannel !== "undefined") {
      channel = new BroadcastChannel(channelName);
      channel.onmessage = (message: MessageEvent<Message>) => onRemote(message.data);
      // Node (tests) keeps the process alive for an open channel; browsers have no unref.
      if ("unref" in channel && typeof channel.unref === "function") channel.unref();
    } else {
      window.addEventListener("storage", (event) => {
        if (event.key !== storageKey || !event.newValue) return;
        try {
          const message: unknown = JSON.parse(event.newValue);
          if (isMessage(message)) onRemote(message);
        } catch {
          // Not ours.
        }
      });
    }
    if (typeof document === "undefined") return;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible" || !snapshot.user) return;
      if (Date.now() - lastCheckedAt < recheckAfterMs) return;
      expectingRefresh = true;
      revalidate();
    });
  }

  return {
    getSnapshot: () => snapshot,
    isInitialized: () => initialized,
    subscribe(subscriber: () => void) {
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    /** Listens to the spec's events; a new listener hears INITIAL_SESSION at once when the state is known. */
    onAuthStateChange(listener: AuthListener) {
      listeners.add(listener);
      if (initialized) listener("INITIAL_SESSION", snapshot);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Registers how to reload the page's data (React Router's revalidator). */
    useRevalidator(revalidateFn: () => void) {
      revalidators.push(revalidateFn);
      return () => {
        const index = revalidators.lastIndexOf(revalidateFn);
        if (index >= 0) revalidators.splice(index, 1);
      };
    },
    /** Feeds the signed-in user the server reported; emits the matching event and tells other tabs. */
    sync(user: SessionUser | null) {
      connect();
      lastCheckedAt = Date.now();
      const previous = snapshot.user;
      const remote = expectingRemoteChange;
      const refresh = expectingRefresh;
      expectingRemoteChange = false;
      expectingRefresh = false;
      setSnapshot({ status: user ? "signed-in" : "signed-out", user });
      if (!initialized) {
        initialized = true;
        emit("INITIAL_SESSION");
        return;
      }
      let event: AuthEvent | undefined;
      if (!previous && user) event = "SIGNED_IN";
      else if (previous && !user) event = "SIGNED_OUT";
      else if (previous && user && previous.id !== user.id) event = "SIGNED_IN";
      else if (previous && user && JSON.stringify(previous) !== JSON.stringify(user)) event = "USER_UPDATED";
      else if (refresh && user) event = "TOKEN_REFRESHED";
      if (!event) return;
      emit(event);
      if (!remote && event !== "TOKEN_REFRESHED") post(event);
    },
    /** For events the server data cannot show: PASSWORD_RECOVERY (reset link opened), MFA_CHALLENGE_VERIFIED. */
    announce(event: Extract<AuthEvent, "PASSWORD_RECOVERY" | "MFA_CHALLENGE_VERIFIED">) {
      emit(event);
    },
    /** While a sign-in or sign-out is on its way. */
    setLoading() {
      setSnapshot({ ...snapshot, status: "loading" });
    },
    /** Closes the tab channel (tests). */
    dispose() {
      channel?.close();
      channel = undefined;
      connected = false;
    },
  };
}

export const authState = createAuthState();
export type AuthState = typeof authState;

/** A fresh store, for tests. */
export const createAuthStateForTests = createAuthState;
