import { createRef } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Slot } from "./slot";

describe("Slot", () => {
  it("renders the child with classes joined and the slot's attributes", () => {
    const html = renderToStaticMarkup(
      <Slot className="button" data-variant="outline">
        <a href="/app/accounts" className="wide">
          Accounts
        </a>
      </Slot>,
    );
    expect(html).toMatch(/^<a [^>]*>Accounts<\/a>$/);
    expect(html).toContain('class="button wide"');
    expect(html).toContain('data-variant="outline"');
    expect(html).toContain('href="/app/accounts"');
  });

  it("calls both click handlers, the child's first, and sets both refs", () => {
    const calls: string[] = [];
    const slotRef = createRef<HTMLAnchorElement>();
    const childRef = vi.fn();
    const element = Slot({
      onClick: () => calls.push("slot"),
      ref: slotRef,
      children: <a ref={childRef} onClick={() => calls.push("child")} />,
    }) as unknown as { props: { onClick: () => void; ref: (node: unknown) => void } };
    element.props.onClick();
    const node = { tagName: "A" };
    element.props.ref(node);
    expect(calls).toEqual(["child", "slot"]);
    expect(slotRef.current).toBe(node);
    expect(childRef).toHaveBeenCalledWith(node);
  });

  it("renders nothing without an element child", () => {
    expect(renderToStaticMarkup(<Slot>text</Slot>)).toBe("");
  });
});
