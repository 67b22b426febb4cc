import BellIcon from "lucide-react/icons/bell";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { useTranslation } from "~/i18n/react";
import { NotificationItem } from "./notification-item";
import { useNotifications } from "./use-budget-shell";

/** The header's bell: the latest notifications, with an alert dot while some are unread; closing it marks them read. */
export function NotificationsButton() {
  const { t } = useTranslation("app");
  const notifications = useNotifications();
  const markRead = useFetcher({ key: "notifications-read" });
  const unread = markRead.state !== "idle" ? 0 : notifications.unread;
  return (
    <DropdownMenu
      onOpenChange={(open) => {
        if (!open && notifications.unread > 0) markRead.submit({}, { method: "post", action: "/app/notifications" });
      }}
    >
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? t("notifications.buttonUnread", { number: unread }) : t("notifications.button")}
        >
          <BellIcon aria-hidden="true" className="!size-5" />
          {unread > 0 && (
            <span
              className="absolute right-2 top-2 size-2.5 rounded-full bg-destructive ring-2 ring-card"
              data-testid="alert-dot"
            />
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-2rem))] p-0">
        <p className="border-b px-4 py-3 text-sm font-semibold">{t("notifications.title")}</p>
        {notifications.items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">{t("notifications.empty")}</p>
        ) : (
          <ul className="max-h-96 divide-y overflow-y-auto">
            {notifications.items.map((item) => (
              <NotificationItem key={item.id} item={item} />
            ))}
          </ul>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
