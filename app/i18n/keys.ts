import type app from "./locales/en/app.json";
import type auth from "./locales/en/auth.json";
import type blog from "./locales/en/blog.json";
import type budgets from "./locales/en/budgets.json";
import type common from "./locales/en/common.json";
import type legal from "./locales/en/legal.json";
import type mail from "./locales/en/mail.json";
import type marketing from "./locales/en/marketing.json";
import type money from "./locales/en/money.json";
import type payees from "./locales/en/payees.json";
import type premium from "./locales/en/premium.json";
import type recurring from "./locales/en/recurring.json";
import type rules from "./locales/en/rules.json";
import type sharing from "./locales/en/sharing.json";

/**
 * One language's translations as the English files define them. Only English is read: the locale parity test
 * (locales.test.ts) keeps every other language to exactly these keys, so a key valid here exists everywhere.
 * A new namespace file needs a line here, or `useTranslation` refuses its name.
 */
export interface EnglishTranslations {
  app: typeof app;
  auth: typeof auth;
  blog: typeof blog;
  budgets: typeof budgets;
  common: typeof common;
  legal: typeof legal;
  mail: typeof mail;
  marketing: typeof marketing;
  money: typeof money;
  payees: typeof payees;
  premium: typeof premium;
  recurring: typeof recurring;
  rules: typeof rules;
  sharing: typeof sharing;
}

export type Namespace = keyof EnglishTranslations;

/** Translations of unknown shape, where every string is a key: for translators over made-up test resources. */
export type UntypedTranslations = Record<string, Record<string, unknown>>;

/**
 * Remaining depth per level. Our files nest at most five deep; the cap keeps a runaway tree from making the
 * compiler walk it forever, and a key deeper than this simply does not type-check.
 */
type NextDepth = [never, 0, 1, 2, 3, 4, 5, 6, 7];
type MaxDepth = 8;

/** Dotted paths to the string leaves of a tree (`dashboard.title`); anything below an unknown node is allowed. */
type TextPaths<Tree, Depth extends number = MaxDepth> = [Depth] extends [never]
  ? never
  : {
      [Key in keyof Tree & string]: Tree[Key] extends string
        ? Key
        : Tree[Key] extends readonly unknown[]
          ? never
          : Tree[Key] extends object
            ? `${Key}.${TextPaths<Tree[Key], NextDepth[Depth]>}`
            : unknown extends Tree[Key]
              ? Key | `${Key}.${string}`
              : never;
    }[keyof Tree & string];

/** Dotted paths to the subtrees (objects and arrays) of a tree, for `returnObjects`. */
type TreePaths<Tree, Depth extends number = MaxDepth> = [Depth] extends [never]
  ? never
  : {
      [Key in keyof Tree & string]: Tree[Key] extends string
        ? never
        : Tree[Key] extends readonly unknown[]
          ? Key
          : Tree[Key] extends object
            ? Key | `${Key}.${TreePaths<Tree[Key], NextDepth[Depth]>}`
            : unknown extends Tree[Key]
              ? Key | `${Key}.${string}`
              : never;
    }[keyof Tree & string];

/**
 * `items` when `items_other` exists: the translator adds the language's plural suffix (`_one`, `_few`, …) from
 * `count`. Every language has an `other` form, and the parity test makes the other forms exist beside it.
 */
type PluralBase<Path> = Path extends `${infer Base}_other` ? Base : never;

/** Each namespace's keys, worked out once per set of translations (TypeScript caches the instantiation). */
type KeysByNamespace<Translations> = {
  [Name in keyof Translations & string]: {
    text: TextPaths<Translations[Name]>;
    tree: TreePaths<Translations[Name]>;
  };
};

type KeyKind = "text" | "tree";

/** `ns:key` for every namespace: a prefix picks the namespace whatever the hook was given. */
type PrefixedKeys<Translations, Kind extends KeyKind> = {
  [Name in keyof Translations & string]: `${Name}:${KeysByNamespace<Translations>[Name][Kind]}`;
}[keyof Translations & string];

/** Keys without a prefix look in the given namespaces, then in `common`. */
type ScopedKeys<Names extends string, Translations, Kind extends KeyKind> = KeysByNamespace<Translations>[(
  Names | "common"
) &
  keyof Translations &
  string][Kind];

/** A key to a string in namespaces `Names` (a key there, a `common` key, or `ns:key`). */
export type TranslationKey<Names extends string = "common", Translations = EnglishTranslations> =
  ScopedKeys<Names, Translations, "text"> | PrefixedKeys<Translations, "text">;

/** A key that takes a `count`: any string key, or the base of a plural family (`items` for `items_one`, `items_other`). */
export type PluralKey<Names extends string = "common", Translations = EnglishTranslations> =
  TranslationKey<Names, Translations> | PluralBase<TranslationKey<Names, Translations>>;

/** A key to a subtree, for `returnObjects: true`. */
export type SubtreeKey<Names extends string = "common", Translations = EnglishTranslations> =
  ScopedKeys<Names, Translations, "tree"> | PrefixedKeys<Translations, "tree">;

/** A key of one namespace alone, without the `common` fallback or a prefix: for tables of keys kept as data. */
export type NamespaceKey<Name extends Namespace> = KeysByNamespace<EnglishTranslations>[Name]["text"];
