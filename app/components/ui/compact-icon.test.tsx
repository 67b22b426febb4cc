import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { compactIcon } from "./compact-icon";

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
});
