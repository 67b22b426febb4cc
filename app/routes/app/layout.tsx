import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAppContext } from "~/features/household/app-context.server";
import { getAppShell } from "~/features/household/shell.server";
import { AppShell } from "~/features/household/components/app-shell";
import { getBudgetShell } from "~/features/entries/budget-shell.server";
import { HeaderAddButton } from "~/features/entries/components/header-add-button";
import { NotificationsButton } from "~/features/entries/components/notifications-button";
import { QuickEntryProvider } from "~/features/entries/components/quick-entry";
import { OfflineSync } from "~/features/entries/offline/offline-entry";
import { useTimeZoneCookie } from "~/features/household/components/use-time-zone-cookie";
import { AuthSync } from "~/features/auth/use-user";
import { IconSprite } from "~/components/ui/compact-icon";
import budgetToolStylesheet from "~/budget-tool.css?url";

// "premium": the plan gate, exports and sharing appear on many app pages.
export const handle = { i18n: ["app", "premium"] };

// The budget tool's own named classes, after the root's stylesheet (app/budget-tool.css says why they are apart).
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: budgetToolStylesheet }];

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  // One answer for every /app page: the household's frame, and budget's categories and notifications shown in it.
  const [shell, budget] = await Promise.all([
    getAppShell(context),
    getBudgetShell({ userId: context.user.id, householdId: context.householdId }),
  ]);
  return { ...shell, ...budget };
}

export default function AppLayout() {
  useTimeZoneCookie();
  // The budget tool's pages draw their icons from the build's sprite (decision 0032): it is fetched once, and a
  // page's HTML carries a reference per icon instead of its shapes.
  return (
    <IconSprite value>
      <QuickEntryProvider>
        <AuthSync />
        <AppShell addEntry={<HeaderAddButton />} notifications={<NotificationsButton />}>
          <OfflineSync />
          <Outlet />
        </AppShell>
      </QuickEntryProvider>
    </IconSprite>
  );
}
