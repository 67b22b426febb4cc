import { defaultLanguage, isLanguage, toBcp47, type Language } from "~/domain/languages";
import { fieldOf } from "~/lib/field-of";
import type { EnglishTranslations, PluralKey, SubtreeKey, TranslationKey } from "./keys";

/** One namespace's translations: keys to strings, or to subtrees of them. */
export type NamespaceTree = Record<string, unknown>;

/** Translation trees by language, then namespace: `resources.de.marketing.hero.title`. */
export type Resources = Record<string, Record<string, NamespaceTree>>;

export type TranslateOptions = {
  /** Return the subtree (an array of sections, say) instead of a string. */
  returnObjects?: boolean;
  /** Picks the plural form `key_one`, `key_few`, `key_other`… when the language has them. */
  count?: number;
} & Record<string, unknown>;

/**
 * `t` for namespaces `Names`: it takes only keys the English files define (see keys.ts), so a missing or
 * misspelt key fails the type check instead of showing the key itself to a visitor.
 */
export interface TFunction<Names extends string = typeof defaultNamespace, Translations = EnglishTranslations> {
  (
    key: SubtreeKey<Names, Translations> | TranslationKey<Names, Translations>,
    options: TranslateOptions & { returnObjects: true },
  ): unknown;
  (key: PluralKey<Names, Translations>, options: TranslateOptions & { count: number }): string;
  (key: TranslationKey<Names, Translations>, options?: TranslateOptions): string;
}

/**
 * The one escape hatch from typed keys, for a key known only at run time: a validation message a zod schema chose,
 * which zod types as a plain string. A missing key shows as the key itself, so prefer a typed union wherever the
 * keys can be listed.
 */
export function tDynamic<Names extends string>(t: TFunction<Names>, key: string, options?: TranslateOptions): string {
  return (t as (key: string, options?: TranslateOptions) => string)(key, options);
}

/**
 * `translate` as a `TFunction`: one implementation behind the typed overloads, which return the translated string
 * unless the options ask for a subtree.
 */
function typedT<Names extends string, Translations>(
  translate: (key: string, options?: TranslateOptions) => unknown,
): TFunction<Names, Translations> {
  function t(
    key: SubtreeKey<Names, Translations> | TranslationKey<Names, Translations>,
    options: TranslateOptions & { returnObjects: true },
  ): unknown;
  function t(key: PluralKey<Names, Translations>, options: TranslateOptions & { count: number }): string;
  function t(key: TranslationKey<Names, Translations>, options?: TranslateOptions): string;
  function t(key: string, options?: TranslateOptions): unknown {
    return translate(key, options);
  }
  return t;
}

/** Loads one language's namespace; on the client each is its own immutable-cached chunk. */
export type NamespaceLoader = (language: Language, namespace: string) => Promise<NamespaceTree>;
/** The address of the file the browser loads a namespace from, if there is one to name ahead of loading it. */
export type NamespaceAddress = (language: Language, namespace: string) => string | undefined;

export const defaultNamespace = "common";

const namespaceSeparator = ":";
/** Shared by every translator: building the rules costs milliseconds. */
const pluralRulesByLanguage = new Map<Language, Intl.PluralRules>();
const placeholder = /\{\{\s*(?:-\s*)?([\w.]+)\s*\}\}/g;

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(".")) {
    node = fieldOf(node, part);
    if (node === undefined) return undefined;
  }
  return node;
}

function interpolate(text: string, values: Record<string, unknown>): string {
  if (!text.includes("{{")) return text;
  return text.replace(placeholder, (_, name: string) => {
    const value = lookup(values, name);
    return value === undefined || value === null ? "" : String(value);
  });
}

/**
 * Our own translator, in place of i18next (decision 0009): the features we use — namespaces with
 * a common fallback, English fallback, `{{value}}` interpolation, plural suffixes and subtrees —
 * fit in a kilobyte, where i18next and react-i18next cost every page about 20 KB of JavaScript.
 */
export class Translator<Translations = EnglishTranslations> {
  language: Language;
  private readonly resources: Resources;
  private readonly loadNamespace?: NamespaceLoader;
  private readonly namespaceAddress?: NamespaceAddress;
  /** Namespace loads under way or done, by language and namespace. */
  private readonly loading = new Map<string, Promise<void>>();
  /** The promises `ensure` handed out, by language and namespace list. */
  private readonly waits = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  /** Namespaces the page uses, so a language change fetches them all before anything re-renders. */
  private readonly usedNamespaces = new Set<string>([defaultNamespace]);
  /** Languages that fall back to English for missing keys; the client skips it, every key exists in every language. */
  private readonly fallbackLanguage: Language | null;

  constructor(options: {
    language: Language;
    resources: Resources;
    loadNamespace?: NamespaceLoader;
    namespaceAddress?: NamespaceAddress;
    fallbackLanguage?: Language | null;
  }) {
    this.language = options.language;
    this.resources = options.resources;
    this.loadNamespace = options.loadNamespace;
    this.namespaceAddress = options.namespaceAddress;
    this.fallbackLanguage = options.fallbackLanguage === undefined ? defaultLanguage : options.fallbackLanguage;
    for (const namespaces of Object.values(this.resources))
      for (const namespace of Object.keys(namespaces)) this.usedNamespaces.add(namespace);
  }

  hasNamespace(language: Language, namespace: string): boolean {
    return Boolean(this.resources[language]?.[namespace]);
  }

  /** Where the browser loads a namespace from, when known (the server's translator, in a production build). */
  addressOf(language: Language, namespace: string): string | undefined {
    return this.namespaceAddress?.(language, namespace);
  }

  /**
   * Resolves once every namespace is loaded in `language`; null when they already are and no render waited for them.
   * The promise for a language and namespace list is kept once handed out: React replays a render that suspended on
   * it and must be given the same promise again, also after it resolved ("suspended by an uncached promise").
   */
  ensure(language: Language, namespaces: readonly string[]): Promise<void> | null {
    for (const namespace of namespaces) this.usedNamespaces.add(namespace);
    const key = `${language}|${namespaces.join(",")}`;
    const handedOut = this.waits.get(key);
    if (handedOut) return handedOut;
    const missing = namespaces.filter((namespace) => !this.hasNamespace(language, namespace));
    const load = this.loadNamespace;
    if (missing.length === 0 || !load) return null;
    const wait: Promise<void> = Promise.all(missing.map((namespace) => this.loadOnce(load, language, namespace))).then(
      () => {
        // Settled as React reads it, so a later render reads it without suspending.
        Object.assign(wait, { status: "fulfilled", value: undefined });
      },
    );
    wait.catch(() => this.waits.delete(key));
    this.waits.set(key, wait);
    return wait;
  }

  private loadOnce(load: NamespaceLoader, language: Language, namespace: string): Promise<void> {
    const key = `${language}|${namespace}`;
    let loading = this.loading.get(key);
    if (!loading) {
      loading = load(language, namespace).then((tree) => {
        (this.resources[language] ??= {})[namespace] = tree;
      });
      loading.catch(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    return loading;
  }

  async loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    await this.ensure(this.language, typeof namespaces === "string" ? [namespaces] : namespaces);
  }

  /** Switches every subscribed component at once, after the new language's namespaces have arrived. */
  async changeLanguage(language: Language): Promise<void> {
    if (!isLanguage(language) || language === this.language) return;
    await this.ensure(language, [...this.usedNamespaces]);
    this.language = language;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  t: TFunction<typeof defaultNamespace, Translations> = typedT((key, options) =>
    this.translate(this.language, [defaultNamespace], key, options),
  );

  /** A `t` bound to one language and namespace list; the first namespace is the default, then the rest, then `common`. */
  getFixedT<Names extends keyof Translations & string>(
    language: Language,
    namespaces: Names | readonly Names[],
  ): TFunction<Names, Translations> {
    const list: readonly string[] = typeof namespaces === "string" ? [namespaces] : [...namespaces];
    return typedT((key, options) => this.translate(language, list, key, options));
  }

  private translate(
    language: Language,
    namespaces: readonly string[],
    fullKey: string,
    options: TranslateOptions = {},
  ): unknown {
    let key = fullKey;
    let searched = namespaces;
    const separator = fullKey.indexOf(namespaceSeparator);
    if (separator > 0) {
      key = fullKey.slice(separator + 1);
      searched = [fullKey.slice(0, separator)];
    }
    const candidates =
      typeof options.count === "number" ? [`${key}_${this.pluralForm(language, options.count)}`, key] : [key];
    const languagesToSearch =
      this.fallbackLanguage && this.fallbackLanguage !== language ? [language, this.fallbackLanguage] : [language];
    for (const namespace of new Set([...searched, defaultNamespace])) {
      for (const code of languagesToSearch) {
        for (const candidate of candidates) {
          const value = lookup(this.resources[code]?.[namespace], candidate);
          if (typeof value === "string") return interpolate(value, options);
          if (value !== undefined && options.returnObjects) return value;
        }
      }
    }
    return key;
  }

  private pluralForm(language: Language, count: number): Intl.LDMLPluralRule {
    let rules = pluralRulesByLanguage.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(toBcp47(language));
      pluralRulesByLanguage.set(language, rules);
    }
    return rules.select(count);
  }
}
