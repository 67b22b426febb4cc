import { useTranslation } from "~/i18n/react";
import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { Button } from "~/components/ui/button";
import { requestStoreContext } from "~/lib/request-store.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.get(requestStoreContext).log.warn({ path: pathname }, "404: no page at this path");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-20 text-center sm:py-28">
      <title>{t("notFound.metaTitle")}</title>
      <p className="rounded-full bg-secondary px-4 py-1.5 text-sm font-semibold tracking-wide text-secondary-foreground">
        404
      </p>
      <h1 className="text-balance text-3xl font-semibold tracking-tight sm:text-4xl">{t("notFound.title")}</h1>
      <p className="text-pretty text-lg text-muted-foreground">{t("notFound.description")}</p>
      <Button asChild size="lg" className="mt-2">
        <Link to="/">{t("notFound.returnHome")}</Link>
      </Button>
    </section>
  );
}
