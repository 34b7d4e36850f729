import { EyeOff } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

/**
 * What a page entirely about the agency's money (balance, top-up, commissions) shows in
 * customer view: a clear notice instead of its figures, none of which is rendered.
 */
export async function CustomerViewHidden({ title }: { title: string }) {
  const t = await getTranslations('customerView');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 md:py-10">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <section role="status" data-testid="customer-view-hidden" className="mt-6 flex gap-3 rounded-xl border border-primary/30 bg-primary/5 p-5">
        <EyeOff aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div>
          <h2 className="font-semibold">{t('hiddenTitle')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('hiddenBody')}</p>
        </div>
      </section>
    </div>
  );
}
