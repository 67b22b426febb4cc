import { lazy, Suspense, useEffect, useState } from "react";

const Toasters = lazy(() => import("./toasters"));

export function LazyToasters() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toasters />
    </Suspense>
  );
}
