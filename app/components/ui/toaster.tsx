import { useTranslation } from "~/i18n/react";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { dismissToast, useToasts } from "./use-toast";

export function SingleToaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <ToastProvider>
      {toasts.map((item) => (
        <Toast key={item.id} variant={item.variant} open={item.open} onOpenChange={(open) => !open && dismissToast(item.id)}>
          <div className="grid gap-1">
            {item.title && <ToastTitle>{item.title}</ToastTitle>}
            {item.description && <ToastDescription>{item.description}</ToastDescription>}
          </div>
          <ToastClose label={t("actions.close")} />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
