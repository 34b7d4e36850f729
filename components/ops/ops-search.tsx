import NextLink from 'next/link';
import type { ComponentProps, ReactNode } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

// The console lists' filter bar: a GET form (works without JavaScript, the URL keeps the search),
// labelled controls that wrap on narrow screens, the submit button, and "Reset" once filtered.

const CONTROL = 'h-10 min-w-0 rounded-lg border border-input bg-background px-3 text-base md:text-sm';

export function OpsSearch({
  action,
  submitLabel,
  reset,
  children,
}: {
  action?: string;
  submitLabel: string;
  /** Shown while a filter is applied: back to the unfiltered list. */
  reset?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <form method="get" action={action} role="search" className="flex flex-wrap items-end gap-2">
      {children}
      <Button type="submit">{submitLabel}</Button>
      {reset ? (
        <NextLink href={reset.href} className={buttonVariants({ variant: 'outline' })}>
          {reset.label}
        </NextLink>
      ) : null}
    </form>
  );
}

type Labelled = { label: string; name: string };

/** A text or date filter; `defaultValue` is what the URL says. */
export function OpsSearchInput({ label, name, className, ...input }: Labelled & Omit<ComponentProps<'input'>, 'name'>) {
  return (
    <label className="grid gap-1 text-sm">
      <span>{label}</span>
      <input name={name} maxLength={input.type === 'date' ? undefined : 200} {...input} className={cn(CONTROL, className)} />
    </label>
  );
}

/** A choice filter whose first option (value "") means no filter. */
export function OpsSearchSelect({
  label,
  name,
  defaultValue,
  allLabel,
  options,
}: Labelled & { defaultValue?: string; allLabel: string; options: readonly { value: string; label: string }[] }) {
  return (
    <label className="grid gap-1 text-sm">
      <span>{label}</span>
      <select name={name} defaultValue={defaultValue ?? ''} className={CONTROL}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** From and to dates (inclusive), for lists searched by day. */
export function OpsSearchDates({ from, to, labels }: { from?: string; to?: string; labels: { from: string; to: string } }) {
  return (
    <>
      <OpsSearchInput type="date" name="from" label={labels.from} defaultValue={from} />
      <OpsSearchInput type="date" name="to" label={labels.to} defaultValue={to} />
    </>
  );
}
