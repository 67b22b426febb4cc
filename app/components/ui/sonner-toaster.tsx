import { Toaster as SonnerToaster } from "sonner";

/** Sonner reads the toasts' width from a CSS custom property, which React's style type does not list. */
const widthStyle: React.CSSProperties & Record<`--${string}`, string> = { "--width": "356px" };

/** The app's one toaster (spec section 9): 4000 ms, 3 visible, 356 px wide, 14 px apart; loaded with the first toast. */
export default function Toaster() {
  return (
    <SonnerToaster
      duration={4000}
      visibleToasts={3}
      gap={14}
      position="bottom-right"
      // Above the phone's tab bar where there is one (app.css sets --toast-bottom while it shows).
      offset={{ bottom: "var(--toast-bottom, 24px)" }}
      mobileOffset={{ bottom: "var(--toast-bottom, 16px)" }}
      style={widthStyle}
      toastOptions={{ classNames: { toast: "font-sans", error: "!bg-destructive !text-destructive-foreground" } }}
    />
  );
}
