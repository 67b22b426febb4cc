import { Outlet, useLocation } from "react-router";
import { LazyStackedToaster } from "~/components/ui/lazy-toasters";
import { blogPathLanguage } from "~/domain/languages";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { AnalyticsGate } from "~/features/analytics/analytics-gate";

export default function MarketingLayout() {
  // The blog's translation and editor toasts use the stacked toaster; other public pages never load it.
  const onBlog = blogPathLanguage(useLocation().pathname) !== undefined;
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <AnalyticsGate />
      {onBlog && <LazyStackedToaster />}
    </div>
  );
}
