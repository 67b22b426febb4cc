import DownloadIcon from "lucide-react/icons/download";
import ShieldCheckIcon from "lucide-react/icons/shield-check";
import Trash2Icon from "lucide-react/icons/trash";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

export const dataExportPath = "/app/settings/data/export.json";

/** The GDPR rights in Settings (every plan): download everything as JSON, or go to account deletion. */
export function DataRightsCard() {
  const { t } = useTranslation("premium");
  return (
    <Card id="data" data-section="data">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-base font-semibold leading-tight tracking-tight">
          <ShieldCheckIcon aria-hidden="true" className="size-4 text-primary" />
          {t("data.title")}
        </h2>
        <CardDescription>{t("data.text")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <a href={dataExportPath} download>
            <DownloadIcon aria-hidden="true" />
            {t("data.download")}
          </a>
        </Button>
        <Button asChild variant="ghost" className="text-destructive hover:text-destructive">
          <Link to="/app/settings/data#delete">
            <Trash2Icon aria-hidden="true" />
            {t("data.deleteLink")}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
