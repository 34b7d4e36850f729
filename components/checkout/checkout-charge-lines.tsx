import type { ProviderMethodView } from './checkout-form-types';

/** What a provider method charges, line by line (spec §9), before the Book button. */
export function CheckoutChargeLines({ charge, title }: { charge: ProviderMethodView & { total: NonNullable<ProviderMethodView['total']> }; title: string }) {
  return (
    <section aria-labelledby="charge-title" aria-live="polite" className="grid gap-2 rounded-lg bg-muted/50 p-4 text-sm" data-testid="charge-lines">
      <h3 id="charge-title" className="font-semibold">
        {title}
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {charge.lines.map((line) => (
          <div key={line.label} className="contents" data-testid="charge-line">
            <dt className="text-muted-foreground">{line.label}</dt>
            <dd className="text-right tabular-nums">{line.amount}</dd>
          </div>
        ))}
        <div className="contents" data-testid="charge-total">
          <dt className="border-t border-border pt-1 font-medium">{charge.total.label}</dt>
          <dd className="border-t border-border pt-1 text-right font-semibold tabular-nums">{charge.total.amount}</dd>
        </div>
      </dl>
    </section>
  );
}
