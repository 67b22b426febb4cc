import type { Language } from "~/domain/languages";
import { assetHref, usePublicEnv } from "~/features/marketing/public-env";
import { buildSeoTags, type SeoOptions } from "~/features/marketing/seo";
import { useLanguage } from "~/i18n/use-language";

export const defaultOgImage = "/images/og-image.png";

type SeoHeadProps = Omit<SeoOptions, "siteUrl" | "language"> & { language?: Language };

/**
 * Renders a page's title, description, canonical link, robots, Open Graph and hreflang tags.
 * React hoists them into <head>, and they follow the language switcher without a reload.
 */
export function SeoHead({ language, image, ...options }: SeoHeadProps) {
  const { siteUrl, assetsUrl } = usePublicEnv();
  const current = useLanguage();
  const tags = buildSeoTags({
    siteUrl,
    language: language ?? current,
    image: image ?? assetHref(assetsUrl, defaultOgImage),
    ...options,
  });
  return (
    <>
      <title>{tags.title}</title>
      {tags.meta.map((meta) =>
        "name" in meta ? (
          <meta key={`name:${meta.name}`} name={meta.name} content={meta.content} />
        ) : (
          <meta key={`property:${meta.property}:${meta.content}`} property={meta.property} content={meta.content} />
        ),
      )}
      {tags.links.map((link) =>
        link.rel === "canonical" ? (
          <link key="canonical" rel="canonical" href={link.href} />
        ) : (
          <link key={`alternate:${link.hrefLang}`} rel="alternate" hrefLang={link.hrefLang} href={link.href} />
        ),
      )}
    </>
  );
}
