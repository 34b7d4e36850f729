import { Search } from '@/components/icons/icons';

// A server component with `buttonVariants()` and `<Input>`'s classes spelled out: this form sits
// in the public layout's not-found boundary, whose client code Next may load with any public page
// (the tour page's first load included), so it has none, and no class merger (tailwind-merge).
const INPUT_CLASS =
  'h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-base outline-none transition-colors placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 md:text-sm';
const SUBMIT_CLASS =
  'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg bg-primary px-4 text-sm font-medium whitespace-nowrap text-primary-foreground transition-colors outline-none hover:bg-primary/90 focus-visible:ring-3 focus-visible:ring-primary/40 [&_svg]:size-4 [&_svg]:shrink-0';

type Labels = { search: string; placeholder: string; submit: string };

/**
 * The 404 page's way on: a tour search, on the hosts that have search. A not-found page gets no
 * route params, so the site shell says whether its host has search (`data-search="off"` on its
 * `main`, SiteShell) and the form is hidden there.
 */
export function NotFoundSearch({ action, labels }: { action: string; labels: Labels }) {
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label={labels.search}
      className="mt-8 flex flex-wrap items-end justify-center gap-2 text-left group-data-[search=off]/site:hidden"
    >
      <label className="grid min-w-0 flex-1 basis-56 gap-1.5 text-sm font-medium">
        {labels.search}
        <input name="q" type="search" required maxLength={100} placeholder={labels.placeholder} className={INPUT_CLASS} />
      </label>
      <button type="submit" className={SUBMIT_CLASS}>
        <Search aria-hidden />
        {labels.submit}
      </button>
    </form>
  );
}
