// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "~/i18n/react";
import { Translator } from "~/i18n/translator";
import { useLanguage } from "~/i18n/use-language";
import { ServerMarkup } from "./server-markup";

// React's act() environment, so updates flush inside act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Called on every render of the costly part. */
const rendered = vi.fn();

/** Stands for a costly, static part: reports each render and shows the language it was rendered in. */
function Figures() {
  const language = useLanguage();
  rendered(language);
  return <p>figures in {language}</p>;
}

function Page({ i18n }: { i18n: Translator }) {
  return (
    <I18nProvider i18n={i18n}>
      <section>
        <ServerMarkup className="contents">
          <Figures />
        </ServerMarkup>
      </section>
    </I18nProvider>
  );
}

const translator = () =>
  new Translator({ language: "en", resources: { en: { common: {} }, de: { common: {} } }, fallbackLanguage: null });

/** The page as the server renders it (under happy-dom a document exists, so the render is told it is not hydrating). */
function serverHtml(i18n: Translator): string {
  document.documentElement.dataset.hydrated = "true";
  const html = renderToString(<Page i18n={i18n} />);
  delete document.documentElement.dataset.hydrated;
  return html;
}

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  delete document.documentElement.dataset.hydrated;
  rendered.mockClear();
});

describe("ServerMarkup", () => {
  it("renders its content on the server", () => {
    expect(serverHtml(translator())).toBe(
      '<section><div class="contents"><p>figures in <!-- -->en</p></div></section>',
    );
  });

  it("keeps the server's markup while the page hydrates, without rendering its content or a mismatch", () => {
    const container = document.createElement("div");
    container.innerHTML = serverHtml(translator());
    document.body.append(container);
    rendered.mockClear();
    const errors: unknown[] = [];
    act(() => {
      root = hydrateRoot(container, <Page i18n={translator()} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(rendered).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
    expect(container.textContent).toBe("figures in en");
  });

  it("renders its content when it mounts after the page has hydrated (a client-side navigation)", () => {
    document.documentElement.dataset.hydrated = "true";
    const container = document.createElement("div");
    document.body.append(container);
    act(() => {
      root = createRoot(container);
      root.render(<Page i18n={translator()} />);
    });
    expect(rendered).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe("figures in en");
  });

  it("renders its content again in the new language when the language changes", async () => {
    const i18n = translator();
    const container = document.createElement("div");
    container.innerHTML = serverHtml(i18n);
    document.body.append(container);
    act(() => {
      root = hydrateRoot(container, <Page i18n={i18n} />);
    });
    document.documentElement.dataset.hydrated = "true";
    await act(() => i18n.changeLanguage("de"));
    expect(container.textContent).toBe("figures in de");
    expect(container.querySelectorAll("div.contents")).toHaveLength(1);
  });
});
