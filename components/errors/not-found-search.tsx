'use client';

import { Search } from 'lucide-react';
import { useParams } from 'next/navigation';
import { buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isVariant, VARIANT_FEATURES } from '@/shared/sites/site-variants';

type Labels = { search: string; placeholder: string; submit: string };

/**
 * The 404 page's way on: a tour search, on the hosts that have search. A not-found page gets no
 * route params; the variant is read here from the route the browser is on.
 */
export function NotFoundSearch({ action, labels }: { action: string; labels: Labels }) {
  const { variant } = useParams<{ variant?: string }>();
  if (variant && isVariant(variant) && !VARIANT_FEATURES[variant].search) return null;
  return (
    <form method="get" action={action} role="search" aria-label={labels.search} className="mt-8 flex flex-wrap items-end justify-center gap-2 text-left">
      <label className="grid min-w-0 flex-1 basis-56 gap-1.5 text-sm font-medium">
        {labels.search}
        <Input name="q" type="search" required maxLength={100} placeholder={labels.placeholder} />
      </label>
      <button type="submit" className={buttonVariants()}>
        <Search aria-hidden />
        {labels.submit}
      </button>
    </form>
  );
}
