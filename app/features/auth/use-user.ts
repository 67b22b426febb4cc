import { useEffect } from "react";
import type { NamespaceKey } from "~/i18n/keys";
import { useTranslation } from "~/i18n/react";
import { useLocation, useRevalidator } from "react-router";
import { showToast } from "~/components/ui/toast";
import { useRootData } from "~/features/platform/use-root-data";
import { authState } from "./auth-state";
import { clearBrowserCookie, cookies } from "~/lib/cookies";
import { readFlash, type FlashCode } from "./flash";
import type { SessionUser } from "./session-user";

const flashToasts: Record<
  FlashCode,
  { title: NamespaceKey<"auth">; description?: NamespaceKey<"auth">; destructive?: boolean }
> = {
  "signed-in": { title: "toasts.welcomeTitle", description: "toasts.welcomeBody" },
  "signed-out": { title: "toasts.signedOutTitle", description: "toasts.signedOutBody" },
  "signed-out-everywhere": { title: "toasts.signedOutEverywhereTitle", description: "toasts.signedOutEverywhereBody" },
  "sign-out-failed": { title: "toasts.signOutErrorTitle", description: "errors.UNEXPECTED", destructive: true },
  "email-verified": { title: "toasts.emailVerifiedTitle", description: "toasts.emailVerifiedBody" },
  "password-reset": { title: "toasts.passwordResetTitle", description: "toasts.passwordResetBody" },
};

/** Keeps the tab's auth state in step with the server's answer, other tabs, and one-time notices. */
function useAuthStateSync(user: SessionUser | null) {
  const revalidator = useRevalidator();
  const location = useLocation();
  const { i18n } = useTranslation();

  useEffect(() => authState.useRevalidator(() => void revalidator.revalidate()), [revalidator]);

  useEffect(() => {
    authState.sync(user);
  }, [user]);

  useEffect(() => {
    const code = readFlash(document.cookie);
    if (!code) return;
    clearBrowserCookie(cookies.flash);
    const toast = flashToasts[code];
    void i18n.loadNamespaces("auth").then(() =>
      showToast({
        title: i18n.t(`auth:${toast.title}`),
        description: toast.description ? i18n.t(`auth:${toast.description}`) : undefined,
        variant: toast.destructive ? "destructive" : "default",
      }),
    );
  }, [location.key, i18n]);
}

/** The signed-in user from the root loader, or null; every page and the header read it from here. */
export function useOptionalUser(): SessionUser | null {
  const user = useRootData()?.user ?? null;
  useAuthStateSync(user);
  return user;
}

/**
 * For layouts that show no user but should still follow the session (the app shell): keeps the tab in step
 * with other tabs and shows one-time notices (e-mail confirmed, signed in without JavaScript). Renders nothing.
 */
export function AuthSync(): null {
  useOptionalUser();
  return null;
}
