import BabyIcon from "lucide-react/icons/baby";
import BriefcaseIcon from "lucide-react/icons/briefcase";
import BusIcon from "lucide-react/icons/bus";
import GraduationCapIcon from "lucide-react/icons/graduation-cap";
import HandCoinsIcon from "lucide-react/icons/hand-coins";
import HeartPulseIcon from "lucide-react/icons/heart-pulse";
import HouseIcon from "lucide-react/icons/house";
import PiggyBankIcon from "lucide-react/icons/piggy-bank";
import PlugIcon from "lucide-react/icons/plug";
import ShapesIcon from "lucide-react/icons/shapes";
import ShoppingCartIcon from "lucide-react/icons/shopping-cart";
import SparklesIcon from "lucide-react/icons/sparkles";
import TicketIcon from "lucide-react/icons/ticket";
import UtensilsIcon from "lucide-react/icons/utensils";
import type { LucideIcon } from "lucide-react";
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
      className={cn("category-icon", className)}
      style={{ backgroundColor: `${color}1f`, color }}
    >
      <Icon />
    </span>
  );
}
