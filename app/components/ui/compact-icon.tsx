import { createContext, createElement, forwardRef, useContext, type ReactNode, type SVGProps } from "react";

/** What a Lucide icon module holds (`lucide-react/icons/<name>`): its name, grid and shapes. */
interface IconData {
  name: string;
  size: number;
  node: readonly (readonly [string, Record<string, string>])[];
}

type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: number | string;
  strokeWidth?: number | string;
  color?: string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
};

/** Lucide's rule: an icon that names itself (an aria- attribute, a role, a title) is read out; any other is hidden. */
const namesItself = (props: Record<string, unknown>) =>
  Object.keys(props).some(
    (name) => (name.startsWith("aria-") || name === "role" || name === "title") && props[name] != null,
  );

/**
 * Whether icons in this part of the page draw from the sprite (decision 0032): the budget tool's layout says so. A
 * public page draws its few icons inline, so a first visit fetches no sprite.
 */
export const IconSprite = createContext(false);

/**
 * A Lucide icon drawn with only what differs between icons: its viewBox and shapes. What every Lucide icon repeats —
 * its size, stroke, caps and joins, about 190 bytes of HTML each — is one rule in app.css (`.lucide`), so a page
 * with 45 icons is 8 KB lighter. scripts/compact-icons-plugin.ts draws every `lucide-react/icons/<name>` import
 * through this; the props an icon is given (size, strokeWidth, color, fill) still win, as inline style. With a
 * `sprite` (the build's icon file, which has this icon) and inside `IconSprite`, the shapes are a `<use>` of the
 * icon's symbol there: about 60 bytes instead of a few hundred, and the same file for every page.
 */
export function compactIcon(data: IconData, sprite: string | null = null) {
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
    { className, size, strokeWidth, color, fill, style, absoluteStrokeWidth: _absolute, children, ...rest },
    ref,
  ) {
    const fromSprite = useContext(IconSprite);
    const given = {
      ...(size !== undefined && { width: size, height: size }),
      ...(strokeWidth !== undefined && { strokeWidth }),
      ...(color !== undefined && { stroke: color }),
      ...(fill !== undefined && { fill }),
      ...style,
    };
    const drawn = sprite !== null && fromSprite;
    return createElement(
      "svg",
      {
        ref,
        // A symbol brings its own viewBox, scaled to the icon's size.
        ...(!drawn && { viewBox: `0 0 ${data.size} ${data.size}` }),
        className: className ? `lucide ${className}` : "lucide",
        ...(Object.keys(given).length > 0 && { style: given }),
        ...(children === undefined && !namesItself(rest) && { "aria-hidden": "true" }),
        ...rest,
      },
      ...(drawn
        ? [createElement("use", { key: "use", href: `${sprite}#${data.name}` })]
        : data.node.map(([tag, attributes]) => createElement(tag, attributes))),
      children,
    );
  });
  Icon.displayName = data.name;
  return Icon;
}
