import type { Route } from "./+types/privacy";
import { publicUrl } from "~/config.server";
import { LegalPage } from "~/features/legal/components/legal-page";
import { legalDocumentPaths } from "~/features/legal/legal-document";

export const handle = { i18n: ["legal"] };

export function loader() {
  return { canonicalUrl: `${publicUrl()}${legalDocumentPaths.privacy}` };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPage kind="privacy" canonicalUrl={loaderData.canonicalUrl} />;
}
