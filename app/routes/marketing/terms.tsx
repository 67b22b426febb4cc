import type { Route } from "./+types/terms";
import { publicUrl } from "~/config.server";
import { LegalPage } from "~/features/legal/components/legal-page";
import { legalDocumentPaths } from "~/features/legal/legal-document";

export const handle = { i18n: ["legal"] };

export function loader() {
  return { canonicalUrl: `${publicUrl()}${legalDocumentPaths.terms}` };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage kind="terms" canonicalUrl={loaderData.canonicalUrl} />;
}
