import type { NamespaceLoader } from "./translator";

const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { import: "default" });

/** Loads one language's namespace as its own small, immutable-cached chunk. */
export const loadNamespace: NamespaceLoader = async (language, namespace) => {
  const load = files[`./locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No translations for ${language}/${namespace}`);
  return load();
};
