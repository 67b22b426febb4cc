import PlusIcon from "lucide-react/icons/plus";
import { useCallback, useRef, type ComponentType, type ReactNode, type Ref } from "react";

/**
 * An "Add a …" panel: a <details> card whose summary (round icon, title, hint) opens the form below it, so the form
 * works as a plain POST without JavaScript. `open` starts it open (a refused plain post, an empty list).
 */
export function CreatePanel({
  ref,
  id,
  title,
  hint,
  icon: Icon = PlusIcon,
  open,
  children,
}: {
  ref?: Ref<HTMLDetailsElement>;
  id: string;
  title: ReactNode;
  hint: ReactNode;
  icon?: ComponentType<{ "aria-hidden"?: boolean | "true"; className?: string }>;
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <details ref={ref} id={id} className="group rounded-xl border bg-card shadow-sm" open={open ? true : undefined}>
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-xl p-5 [&::-webkit-details-marker]:hidden">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <span>
          <span className="block font-semibold">{title}</span>
          <span className="block text-sm text-muted-foreground">{hint}</span>
        </span>
      </summary>
      {children}
    </details>
  );
}

/** The panel's and its form's refs, and what a saved form does: empty the form and fold the panel. */
export function useCreatePanel() {
  const panelRef = useRef<HTMLDetailsElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const close = useCallback(() => {
    formRef.current?.reset();
    if (panelRef.current) panelRef.current.open = false;
  }, []);
  return { panelRef, formRef, close };
}
