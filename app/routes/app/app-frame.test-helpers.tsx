import { render } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { builtInCategories, builtInSharing } from "~/domain/categories";
import { appLayoutId } from "~/features/household/components/use-app-shell";
import { serverTranslator } from "~/i18n/resources.server";
import { I18nProvider } from "~/i18n/react";

export const householdId = "00000000-0000-4000-8000-00000000a001";

/** What the /app layout's loader hands every page: one household the reader owns, the built-in categories, no news. */
function appFrame({ canWrite }: { canWrite: boolean }) {
  return {
    user: { id: "user-sam", name: "Sam Tester", email: "sam@samen.test", locale: null },
    today: "2025-03-10",
    households: [],
    household: {
      id: householdId,
      name: "Home",
      currency: "EUR",
      ownerUserId: "owner",
      ownerName: "Owner",
      monthStartDay: 1,
      role: canWrite ? "owner" : "partner",
      canWrite,
      plan: "premium",
    },
    plansApply: true,
    categories: builtInCategories.map((category) => ({
      ...category,
      name: null,
      archived: false,
      sharing: builtInSharing(category.id),
    })),
    notifications: { items: [], unreadCount: 0 },
  };
}

type StubRoutes = Parameters<typeof createRoutesStub>[0];

/** Renders `routes` inside a stand-in for the /app layout, in English, starting at `path`. */
export function renderInApp(routes: StubRoutes, path: string, options: { canWrite?: boolean } = {}) {
  const Stub = createRoutesStub([
    {
      id: appLayoutId,
      path: "/app",
      Component: Outlet,
      HydrateFallback: () => null,
      loader: () => appFrame({ canWrite: options.canWrite ?? true }),
      children: routes,
    },
  ]);
  return render(
    <I18nProvider i18n={serverTranslator("en")}>
      <Stub initialEntries={[path]} />
    </I18nProvider>,
  );
}

/** The fields of a posted form, as the real action's form reader would see them. */
export async function postedValues(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries([...(await request.formData())].map(([name, value]) => [name, String(value)]));
}
