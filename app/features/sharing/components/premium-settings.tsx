import { DataRightsCard } from "~/features/account/components/data-rights-card";
import { CustomCategoriesSection } from "~/features/custom-categories/components/custom-categories-section";
import type { PremiumSettingsData } from "../premium-settings.server";
import { PartnersSection } from "./partners-section";

/** The Settings sections of the premium area: partner sharing, own categories, and the data rights (every plan). */
export function PremiumSettings({ data }: { data: PremiumSettingsData }) {
  return (
    <>
      <PartnersSection sharing={data.sharing} defaultLanguage={data.language} />
      <CustomCategoriesSection data={data.categories} />
      <DataRightsCard />
    </>
  );
}
