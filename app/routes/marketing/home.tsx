import { useTranslation } from "react-i18next";

export default function Home() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-6 py-24 text-center">
      <title>{`${t("brand")} · ${t("tagline")}`}</title>
      <h1 className="text-4xl font-bold tracking-tight">{t("tagline")}</h1>
    </section>
  );
}
