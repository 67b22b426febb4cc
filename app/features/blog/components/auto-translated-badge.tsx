import LanguagesIcon from "lucide-react/icons/languages";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";

export function AutoTranslatedBadge() {
  const { t } = useTranslation("blog");
  return (
    <Badge variant="accent" className="shrink-0" data-testid="auto-translated-badge">
      <LanguagesIcon aria-hidden="true" className="size-3" />
      {t("list.autoTranslated")}
    </Badge>
  );
}
