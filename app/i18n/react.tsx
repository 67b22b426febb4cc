import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  use,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";
import type { Namespace, TranslationKey } from "./keys";
import { defaultNamespace, type TFunction, type TranslateOptions, type Translator } from "./translator";

const TranslatorContext = createContext<Translator | null>(null);

/**
 * What `use()` reads once the namespaces are there: a settled thenable (React reads `status` and `value` and does not
 * wait). React requires the same `use()` calls in the render that suspended and in the one after it resolved.
 */
const loaded: Promise<void> = Object.assign(Promise.resolve(), { status: "fulfilled", value: undefined });

export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext value={i18n}>{children}</TranslatorContext>;
}

/**
 * `t` for the given namespaces in the current language. A namespace the page has not loaded yet
 * suspends the render until its chunk arrives; React keeps the previous screen meanwhile.
 */
export function useTranslation(): { t: TFunction<typeof defaultNamespace>; i18n: Translator };
export function useTranslation<Names extends Namespace>(
  namespaces: Names | readonly Names[],
): { t: TFunction<Names>; i18n: Translator };
export function useTranslation<Names extends Namespace>(
  namespaces: Names | typeof defaultNamespace | readonly Names[] = defaultNamespace,
): { t: TFunction<Names | typeof defaultNamespace>; i18n: Translator } {
  const i18n = useContext(TranslatorContext);
  if (!i18n) throw new Error("useTranslation needs an I18nProvider above it");
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  const list: readonly (Names | typeof defaultNamespace)[] = typeof namespaces === "string" ? [namespaces] : namespaces;
  const listKey = list.join(",");
  use(i18n.ensure(language, list) ?? loaded);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- listKey stands for the list's contents
  const t = useMemo(() => i18n.getFixedT(language, list), [i18n, language, listKey]);
  return { t, i18n };
}

/**
 * A translated sentence with elements inside it: `Agree to our <terms>Terms</terms>` renders the
 * `terms` component around "Terms", so translators can move the link within the sentence.
 */
export function Trans<Names extends string>({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction<Names>;
  i18nKey: NoInfer<TranslationKey<Names>>;
  values?: TranslateOptions;
  components: Record<string, ReactElement>;
}) {
  return <>{renderTags(t(i18nKey, values), components)}</>;
}

/**
 * `<name>…</name>` (the first closing tag after it) and `<name/>`. The closing tags are found with indexOf and each
 * name's search remembered, so a text with many unclosed `<a>` (a value typed by a user) costs one pass, not one per tag.
 */
function renderTags(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const parts: ReactNode[] = [];
  const opening = /<(\w+)(\s*\/)?>/g;
  const closings = new Map<string, number>();
  const closingAfter = (name: string, from: number) => {
    const known = closings.get(name);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const found = text.indexOf(`</${name}>`, from);
    closings.set(name, found);
    return found;
  };
  let last = 0;
  for (let match = opening.exec(text); match; match = opening.exec(text)) {
    const [whole, name = "", selfClosing] = match;
    const contentStart = match.index + whole.length;
    const close = selfClosing === undefined ? closingAfter(name, contentStart) : contentStart;
    if (close === -1) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const component = components[name];
    const inner = selfClosing === undefined ? renderTags(text.slice(contentStart, close), components) : [];
    parts.push(
      isValidElement(component) ? (
        cloneElement(component, { key: parts.length }, ...inner)
      ) : (
        <Fragment key={parts.length}>{inner}</Fragment>
      ),
    );
    last = selfClosing === undefined ? close + name.length + 3 : contentStart;
    opening.lastIndex = last;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
