import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/exports";
import { requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { FormError } from "~/components/ui/field-error";
import { ExportPanel } from "~/features/exports/components/export-panel";

export const handle = { i18n: ["app", "premium"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const error = new URL(request.url).searchParams.get("error");
  return { today: context.today, error: error === "range" || error === "month" ? error : null };
}

export const ErrorBoundary = AppErrorBoundary;

export default function Exports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("premium");
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <title>{`${t("exports.panel.title")} · Samen`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("exports.panel.title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("exports.panel.subtitle")}</p>
      </div>
      <FormError message={loaderData.error ? `premium:exports.errors.${loaderData.error}` : undefined} />
      <ExportPanel today={loaderData.today} />
    </div>
  );
}
