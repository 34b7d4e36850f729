'use client';

import NextLink from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';

export type OpsNavItem = { href: string; label: string };

/** The console's section links; the current section is marked for screen readers and the eye. */
export function OpsNav({ items, label }: { items: OpsNavItem[]; label: string }) {
  const pathname = usePathname();
  // The longest matching href wins, so `/ops` is current only on the overview itself.
  const current = items
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    // Wrapped onto as many lines as a phone needs: every section in sight, none cut at the edge.
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {items.map((item) => (
          <li key={item.href}>
            <NextLink
              href={item.href}
              aria-current={item.href === current ? 'page' : undefined}
              className={cn(
                'block rounded-lg px-3 py-2 text-sm whitespace-nowrap hover:bg-muted focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/40',
                item.href === current && 'bg-primary/10 font-semibold text-primary',
              )}
            >
              {item.label}
            </NextLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
