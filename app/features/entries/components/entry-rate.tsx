import { Form } from "react-router";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { numberSeparators } from "~/domain/money";
import type { IsoDate } from "~/domain/periods";
import { toBcp47 } from "~/domain/languages";
import { formatRate, type RateSource } from "~/domain/rates";
import { useTranslation } from "~/i18n/react";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";

/** The rate an entry's base amount took, as its page shows it. */
export interface EntryConversion {
  rate: number | null;
  rateOn: IsoDate | null;
  source: RateSource;
  provisional: boolean;
}

/**
 * An entry in another currency than the household's: what it counts for in the base currency, at which rate, of
 * which day and from whom; for those who may write, a rate of their own (the bank's, from the statement) or back to
 * the published one. A plain form: it works before and without JavaScript.
 */
export function EntryRate({
  entry,
  conversion,
  error,
  redirectTo,
}: {
  entry: { id: string; version: string; currency: string; amountMinor: number; baseAmountMinor: number | null };
  conversion: EntryConversion | null;
  error?: string;
  redirectTo: string;
}) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const shell = useAppShell();
  const id = useId();
  const { decimal } = numberSeparators(format.language);
  const rate = conversion?.rate ?? null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-xl border px-4 py-3 text-sm">
      <h2 id={`${id}-title`} className="font-medium">
        {t("entry.rate.title")}
      </h2>
      {entry.baseAmountMinor === null || rate === null || !conversion ? (
        <p data-testid="entry-rate">{t("entry.rate.missingHint", { currency: entry.currency })}</p>
      ) : (
        <div className="flex flex-col gap-1" data-testid="entry-rate">
          <p>
            {t("entry.rate.counts", {
              amount: format.money(entry.amountMinor, entry.currency),
              base: format.money(entry.baseAmountMinor),
            })}
          </p>
          <p className="text-muted-foreground">
            {t("entry.rate.line", {
              from: entry.currency,
              rate: formatRate(rate, toBcp47(format.language)),
              to: format.currency,
              source: t(`entry.rate.sources.${conversion.source}`),
              date: conversion.rateOn ? format.date(conversion.rateOn) : "",
            })}
          </p>
          {conversion.provisional && <p className="text-muted-foreground">{t("entry.rate.provisional")}</p>}
        </div>
      )}
      {shell.household.canWrite && (
        <Form method="post" action={`/app/transactions/${entry.id}`} className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="rate" />
          <input type="hidden" name="householdId" value={shell.household.id} />
          <input type="hidden" name="version" value={entry.version} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            id={`${id}-rate`}
            name="rate"
            label={t("entry.rate.own", { from: entry.currency, to: format.currency })}
            hint={t("entry.rate.ownHint")}
            defaultValue={
              conversion?.source === "manual" && rate !== null ? formatRate(rate, toBcp47(format.language)) : ""
            }
            inputMode="decimal"
            autoComplete="off"
            // The rate in use as the example, so its size is right for this pair of currencies.
            placeholder={rate !== null ? formatRate(rate, toBcp47(format.language)) : `0${decimal}1041`}
            error={error}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary">
              {t("entry.rate.save")}
            </Button>
            {(conversion?.source === "manual" || conversion?.source === "bank") && (
              <Button type="submit" variant="ghost" name="useTable" value="1">
                {t("entry.rate.usePublished")}
              </Button>
            )}
          </div>
        </Form>
      )}
    </section>
  );
}
