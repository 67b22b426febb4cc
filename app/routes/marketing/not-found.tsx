import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { Button } from "~/components/ui/button";
import { requestInfoContext } from "~/lib/request-context";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.get(requestInfoContext).log.warn({ path: pathname }, "404: no page at this path");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-24 text-center">
      <title>{t("notFound.metaTitle")}</title>
      <p className="text-6xl font-bold text-primary/30">404</p>
      <h1 className="text-3xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="text-muted-foreground">{t("notFound.description")}</p>
      <Button asChild size="lg">
        <Link to="/">{t("notFound.returnHome")}</Link>
      </Button>
    </section>
  );
}
