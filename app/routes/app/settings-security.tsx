import { useTranslation } from "~/i18n/react";
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { SecuritySection } from "~/features/auth/components/security-section";
import { requireUser } from "~/features/auth/session.server";
import { securityAction } from "~/features/auth/two-factor.server";

export const handle = { i18n: ["auth"] };

/** Account security (two-factor sign-in). The settings page can show <SecuritySection>; its forms post here. */
// Typed by hand (not ./+types): the route is registered in the budget app's routes.ts.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { twoFactorEnabled: user.twoFactorEnabled };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return securityAction({ request, user });
}

export default function SettingsSecurity() {
  const { t } = useTranslation("auth");
  const loaderData = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8">
      <title>{t("meta.securityTitle")}</title>
      <div className="grid gap-1">
        <Link to="/app/settings" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t("security.backToSettings")}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{t("security.heading")}</h1>
      </div>
      <SecuritySection twoFactorEnabled={loaderData.twoFactorEnabled} />
    </div>
  );
}
