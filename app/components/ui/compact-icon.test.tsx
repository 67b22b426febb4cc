import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { compactIcon, IconSprite } from "./compact-icon";

const Check = compactIcon({ name: "check", size: 24, node: [["path", { d: "M20 6 9 17l-5-5", key: "a" }]] });

describe("a compact Lucide icon", () => {
  it("draws its viewBox and shapes only, hidden from assistive technology unless it names itself", () => {
    expect(renderToStaticMarkup(<Check className="size-4" />)).toBe(
      '<svg viewBox="0 0 24 24" class="lucide size-4" aria-hidden="true"><path d="M20 6 9 17l-5-5"></path></svg>',
    );
    expect(renderToStaticMarkup(<Check aria-label="Chosen" />)).toBe(
      '<svg viewBox="0 0 24 24" class="lucide" aria-label="Chosen"><path d="M20 6 9 17l-5-5"></path></svg>',
    );
  });

  it("keeps what it is given (size, stroke width, colour, fill) over app.css's defaults", () => {
    expect(renderToStaticMarkup(<Check size={16} strokeWidth={3} color="red" fill="currentColor" />)).toContain(
      'style="width:16px;height:16px;stroke-width:3;stroke:red;fill:currentColor"',
    );
  });

  it("inside the budget tool draws a reference to its symbol in the build's sprite, and its shapes elsewhere", () => {
    const FromSprite = compactIcon(
      { name: "check", size: 24, node: [["path", { d: "M20 6 9 17l-5-5", key: "a" }]] },
      "/assets/icons-abc.svg",
    );
    expect(
      renderToStaticMarkup(
        <IconSprite value>
          <FromSprite className="size-4" />
          <Check />
        </IconSprite>,
      ),
    ).toBe(
      '<svg class="lucide size-4" aria-hidden="true"><use href="/assets/icons-abc.svg#check"></use></svg>' +
        // An icon the sprite does not have (no sprite given) still draws its shapes.
        '<svg viewBox="0 0 24 24" class="lucide" aria-hidden="true"><path d="M20 6 9 17l-5-5"></path></svg>',
    );
    expect(renderToStaticMarkup(<FromSprite />)).toContain('<path d="M20 6 9 17l-5-5">');
  });
});
