import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAppContext } from "~/features/budget/app-context.server";
import { getAppShell } from "~/features/budget/shell.server";
import { AppShell } from "~/features/budget/components/app-shell";
import { QuickEntryProvider } from "~/features/budget/components/quick-entry";
import { useTimeZoneCookie } from "~/features/budget/components/use-time-zone-cookie";
import { AuthSync } from "~/features/auth/use-user";
import { LazyStackedToaster } from "~/components/ui/lazy-toasters";

// "premium": the plan gate, exports and sharing appear on many app pages.
export const handle = { i18n: ["app", "premium"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  return getAppShell(context);
}

export default function AppLayout() {
  useTimeZoneCookie();
  return (
    <QuickEntryProvider>
      <AuthSync />
      <LazyStackedToaster />
      <AppShell>
        <Outlet />
      </AppShell>
    </QuickEntryProvider>
  );
}
