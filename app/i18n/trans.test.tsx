import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { UntypedTranslations } from "./keys";
import { Trans } from "./react";
import { Translator } from "./translator";

const i18n = new Translator<UntypedTranslations>({
  language: "en",
  resources: {
    en: {
      common: {
        agree: "Hi {{name}}, agree to our <terms>Terms</terms> and <privacy>privacy <b>notice</b></privacy>.<br/>",
      },
    },
  },
});
const t = i18n.getFixedT("en", "common");

function render(name: string): string {
  return renderToStaticMarkup(
    <Trans
      t={t as never}
      i18nKey={"agree" as never}
      values={{ name }}
      components={{ terms: <a href="/terms" />, privacy: <a href="/privacy" />, b: <strong />, br: <br /> }}
    />,
  );
}

describe("Trans", () => {
  it("puts the components around their text, nested ones included", () => {
    expect(render("Anna")).toBe(
      'Hi Anna, agree to our <a href="/terms">Terms</a> and <a href="/privacy">privacy <strong>notice</strong></a>.<br/>',
    );
  });

  // Issue 20: `<(\w+)>(.*?)<\/\1>` looked for the closing tag from every opening one: a name of many "<i>" was quadratic.
  it("reads a value full of unclosed tags in one pass, as text", { timeout: 5_000 }, () => {
    const name = "<i>".repeat(200_000);
    const html = render(name);
    expect(html.startsWith(`Hi ${"&lt;i&gt;".repeat(200_000)}, agree to our <a href="/terms">Terms</a>`)).toBe(true);
  });
});
