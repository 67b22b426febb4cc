import ArrowRightIcon from "lucide-react/icons/arrow-right";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { AppLink } from "./app-link";

interface CtaBannerProps {
  title: string;
  text: string;
  /** The main button; it always leads to the sign-up screen. */
  signupLabel: string;
  /** An optional second link on this site, such as /pricing. */
  secondary?: { label: string; to: string };
  id?: string;
}

/** The calm green closing block that ends most pages with one clear next step. */
export function CtaBanner({ title, text, signupLabel, secondary, id = "cta-title" }: CtaBannerProps) {
  return (
    <section aria-labelledby={id} className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="absolute -right-16 -top-16 size-64 rounded-full border-[28px] border-white/10"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-20 -left-10 size-56 rounded-full border-[24px] border-white/10"
        />
        <h2 id={id} className="relative text-balance text-3xl font-semibold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-pretty text-lg text-primary-foreground/85">{text}</p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button
            asChild
            size="lg"
            variant="secondary"
            className="h-auto min-h-11 whitespace-normal bg-card py-2.5 text-center text-primary hover:bg-card/90"
          >
            <AppLink to="/signup">
              {signupLabel}
              <ArrowRightIcon aria-hidden="true" />
            </AppLink>
          </Button>
          {secondary && (
            <Button
              asChild
              size="lg"
              variant="ghost"
              className="h-auto min-h-11 whitespace-normal border border-white/30 py-2.5 text-center text-primary-foreground hover:bg-white/10 hover:text-primary-foreground"
            >
              <Link to={secondary.to}>{secondary.label}</Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
