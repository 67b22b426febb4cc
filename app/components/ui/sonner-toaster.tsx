import { Toaster as SonnerToaster } from "sonner";

/** The app's one toaster (spec section 9): 4000 ms, 3 visible, 356 px wide, 14 px apart; loaded with the first toast. */
export default function Toaster() {
  return (
    <SonnerToaster
      duration={4000}
      visibleToasts={3}
      gap={14}
      position="bottom-right"
      style={{ "--width": "356px" } as React.CSSProperties}
      toastOptions={{ classNames: { toast: "font-sans", error: "!bg-destructive !text-destructive-foreground" } }}
    />
  );
}
