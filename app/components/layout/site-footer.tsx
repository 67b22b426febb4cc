import MailIcon from "lucide-react/icons/mail";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { CookieSettingsButton } from "~/features/analytics/analytics-gate";
import { usePublicEnv } from "~/features/marketing/public-env";
import { BrandLogo } from "./brand-logo";

export const contactEmail = "hello@samen.app";

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <ul className="mt-3 flex flex-col gap-2.5 text-sm">{children}</ul>
    </div>
  );
}

const linkClass = "text-muted-foreground transition-colors hover:text-foreground hover:underline underline-offset-4";

/** Only when analytics is configured is there a choice to change. */
function CookieSettingsItem() {
  const { gaMeasurementId } = usePublicEnv();
  if (!gaMeasurementId) return null;
  return (
    <li>
      <CookieSettingsButton className={cn(linkClass, "text-left")} />
    </li>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t bg-muted/60">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr_1.4fr] md:gap-8">
        <div className="col-span-2 flex flex-col gap-3 sm:col-span-3 md:col-span-1">
          <Link to="/" aria-label={t("nav.home")} className="-m-1 w-fit rounded-md p-1">
            <BrandLogo className="text-lg" />
          </Link>
          <p className="max-w-xs text-sm leading-relaxed text-muted-foreground">{t("footer.description")}</p>
        </div>
        <nav aria-label={t("nav.footer")} className="contents">
          <FooterColumn title={t("footer.product")}>
            <li>
              <Link to="/features" className={linkClass}>
                {t("nav.features")}
              </Link>
            </li>
            <li>
              <Link to="/pricing" className={linkClass}>
                {t("nav.pricing")}
              </Link>
            </li>
            <li>
              <Link to="/faq" className={linkClass}>
                {t("nav.faq")}
              </Link>
            </li>
          </FooterColumn>
          <FooterColumn title={t("footer.company")}>
            <li>
              <Link to="/about" className={linkClass}>
                {t("nav.about")}
              </Link>
            </li>
            <li>
              <a href="#contact" className={linkClass}>
                {t("nav.contact")}
              </a>
            </li>
          </FooterColumn>
          <FooterColumn title={t("footer.legal")}>
            <li>
              <Link to="/privacy" className={linkClass}>
                {t("nav.privacy")}
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                {t("nav.terms")}
              </Link>
            </li>
            <CookieSettingsItem />
          </FooterColumn>
        </nav>
        <section
          id="contact"
          aria-labelledby="contact-title"
          className="col-span-2 scroll-mt-20 md:scroll-mt-32 xl:scroll-mt-20 rounded-xl border bg-card p-5 sm:col-span-3 md:col-span-1"
        >
          <h2 id="contact-title" className="text-sm font-semibold text-foreground">
            {t("footer.contactTitle")}
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t("footer.contactText")}</p>
          <a
            href={`mailto:${contactEmail}`}
            className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <MailIcon aria-hidden="true" className="size-4" />
            {contactEmail}
          </a>
        </section>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-muted-foreground sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>{t("footer.rights", { year: new Date().getFullYear() })}</p>
          <p>
            {t("footer.disclaimer")} {t("footer.madeIn")}
          </p>
        </div>
      </div>
    </footer>
  );
}
