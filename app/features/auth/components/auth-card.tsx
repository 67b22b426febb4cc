import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

/** The centred card every auth page uses. */
export function AuthCard({
  heading,
  intro,
  children,
  footer,
}: {
  heading: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="gap-2 text-center">
          <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
          {intro && <CardDescription className="text-base">{intro}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-5">{children}</CardContent>
      </Card>
      {footer && <div className="text-center text-sm text-muted-foreground">{footer}</div>}
    </div>
  );
}
