// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ChangeBadge } from "~/features/entries/components/change-badge";
import { renderInApp } from "./app-frame.test-helpers";

afterEach(cleanup);

function renderBadge(change: number, good: boolean) {
  const Page = () => (
    <div data-testid="badge">
      <ChangeBadge change={change} good={good} />
    </div>
  );
  renderInApp([{ path: "badge", Component: Page }], "/app/badge");
}

describe("the change badge", () => {
  it("shows a change that rounds to 0 % without an arrow and without good or bad colour", async () => {
    renderBadge(0.0004, true);
    const badge = await screen.findByTestId("badge");
    expect(badge.textContent).toMatch(/0\s?%/);
    expect(badge.querySelector("svg")).toBeNull();
    expect(badge.innerHTML).toMatch(/change-flat/);
    expect(badge.innerHTML).not.toMatch(/\bchange-(?:good|bad)\b/);
  });

  it("shows a real change with its arrow and colour", async () => {
    renderBadge(0.1, false);
    const badge = await screen.findByTestId("badge");
    expect(badge.textContent).toMatch(/10\s?%/);
    expect(badge.querySelector("svg")).not.toBeNull();
    expect(badge.innerHTML).toMatch(/\bchange-bad\b/);
  });
});
