import { Toaster } from "./sonner";
import { SingleToaster } from "./toaster";

/** Both toast mechanisms; loaded after hydration so first paint carries no toast code. */
export default function Toasters() {
  return (
    <>
      <Toaster />
      <SingleToaster />
    </>
  );
}
