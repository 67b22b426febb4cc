import resourcesToBackend from "i18next-resources-to-backend";

const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { import: "default" });

/** Loads one language's namespace as its own small, immutable-cached chunk. */
export const clientBackend = resourcesToBackend(async (language: string, namespace: string) => {
  const load = files[`./locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No translations for ${language}/${namespace}`);
  return load();
});

export async function loadNamespaces(language: string, namespaces: string[]) {
  const entries = await Promise.all(
    namespaces.map(async (namespace) => {
      const load = files[`./locales/${language}/${namespace}.json`];
      return [namespace, load ? await load() : {}] as const;
    }),
  );
  return Object.fromEntries(entries);
}
