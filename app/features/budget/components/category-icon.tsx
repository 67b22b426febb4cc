import {
  BabyIcon,
  BriefcaseIcon,
  BusIcon,
  GraduationCapIcon,
  HandCoinsIcon,
  HeartPulseIcon,
  HouseIcon,
  PiggyBankIcon,
  PlugIcon,
  ShapesIcon,
  ShoppingCartIcon,
  SparklesIcon,
  TicketIcon,
  UtensilsIcon,
  type LucideIcon,
} from "lucide-react";
import { cn } from "~/lib/cn";

const icons: Record<string, LucideIcon> = {
  briefcase: BriefcaseIcon,
  "hand-coins": HandCoinsIcon,
  sparkles: SparklesIcon,
  home: HouseIcon,
  "shopping-cart": ShoppingCartIcon,
  bus: BusIcon,
  plug: PlugIcon,
  "heart-pulse": HeartPulseIcon,
  ticket: TicketIcon,
  utensils: UtensilsIcon,
  "graduation-cap": GraduationCapIcon,
  baby: BabyIcon,
  "piggy-bank": PiggyBankIcon,
  shapes: ShapesIcon,
};

/** A category's icon on a soft disc of its colour. */
export function CategoryIcon({ icon, color, className }: { icon: string; color: string; className?: string }) {
  const Icon = icons[icon] ?? ShapesIcon;
  return (
    <span
      aria-hidden="true"
      className={cn("inline-flex size-9 shrink-0 items-center justify-center rounded-full", className)}
      style={{ backgroundColor: `${color}1f`, color }}
    >
      <Icon className="size-[1.1rem]" />
    </span>
  );
}
