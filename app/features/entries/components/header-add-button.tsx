import PlusIcon from "lucide-react/icons/plus";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { useQuickEntry } from "./quick-entry";

/** On wide screens quick entry sits in the header; phones get the floating button instead. */
export function HeaderAddButton() {
  const { t } = useTranslation("app");
  const quickEntry = useQuickEntry();
  const location = useLocation();
  return (
    <Button asChild className="hidden md:inline-flex">
      <Link
        to={`/app/transactions/new?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
        onClick={(event) => {
          if (!quickEntry) return;
          event.preventDefault();
          quickEntry.openAdd(location.pathname.startsWith("/app/income") ? "income" : "expense");
        }}
      >
        <PlusIcon aria-hidden="true" />
        {t("entry.quickAddShort")}
      </Link>
    </Button>
  );
}
