import BanknoteIcon from "lucide-react/icons/banknote";
import CreditCardIcon from "lucide-react/icons/credit-card";
import LandmarkIcon from "lucide-react/icons/landmark";
import PiggyBankIcon from "lucide-react/icons/piggy-bank";
import type { LucideIcon } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import type { AccountKind } from "../account.schema";

const kindIcons: Record<AccountKind, LucideIcon> = {
  checking: LandmarkIcon,
  savings: PiggyBankIcon,
  credit_card: CreditCardIcon,
  cash: BanknoteIcon,
};

/** The kind's icon in a round badge; the kind itself is said in words beside it. */
export function AccountKindIcon({ kind, className }: { kind: AccountKind; className?: string }) {
  const Icon = kindIcons[kind];
  return (
    <span
      className={cn(
        "flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary",
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

/** An account's name; the Everyday account shows in the reader's language until it is named. */
export function useAccountName() {
  const { t } = useTranslation("money");
  return (account: { name: string | null }) => account.name ?? t("accounts.everyday");
}
