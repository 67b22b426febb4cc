/**
 * Whose money a page shows in a household of two or more (design: money-in.md, "Two people"), as `?view=` says:
 * "ours" — everything of the household, the default; "mine" — the entries I paid or received (my income, my personal
 * expenses and the shared ones I paid); or another member's user id — the same for them.
 */
export type MemberView = "ours" | "mine" | (string & {});

/** The query parameter that carries the view, on the dashboard and the income and expenses lists. */
export const memberViewParam = "view";

/** What a member's id looks like in an address (accounts get UUIDs; anything longer or stranger is not one). */
const memberIdPattern = /^[\w-]{1,64}$/;

/** The view a `?view=` value asks for: anything unreadable is "ours", and naming oneself is "mine". */
export function readMemberView(value: string | null | undefined, currentUserId: string): MemberView {
  if (!value || value === "ours") return "ours";
  if (value === "mine" || value === currentUserId) return "mine";
  return memberIdPattern.test(value) ? value : "ours";
}

/** The member whose entries the view keeps; null for "ours", which keeps everyone's. */
export function viewedMember(view: MemberView, currentUserId: string): string | null {
  if (view === "ours") return null;
  return view === "mine" ? currentUserId : view;
}

/** The address of a page in another view: the page's other parameters stay, pagination starts again, "ours" is the bare address. */
export function memberViewHref(pathname: string, search: string, view: MemberView): string {
  const params = new URLSearchParams(search);
  params.delete("cursor");
  if (view === "ours") params.delete(memberViewParam);
  else params.set(memberViewParam, view);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
