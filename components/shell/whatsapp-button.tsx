'use client';

import clsx from 'clsx';
import { MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { whatsAppLink } from '@/shared/sites/site-content';

/**
 * What the button must never hide: every price and total (`Price` marks itself with
 * `data-price-aed`), and every control a person types in or presses (the checkout's e-mail, a
 * sign-up file field, a sticky pay bar).
 */
const KEEP_CLEAR = '[data-price-aed], [data-keep-clear], input:not([type="hidden"]), select, textarea, button, [role="button"]';
/** Room around the button that counts as covered, so a price is not left touching its edge. */
const MARGIN = 8;

/**
 * The floating WhatsApp button (spec §2). On a phone (and up to the width where the content column
 * leaves it a gutter) it sits over the right-hand column where cards and totals put their prices,
 * so while a price or a control is under it, it steps aside (fades out and lets clicks through); it comes back
 * as soon as the price scrolls on. Keyboard focus always shows it.
 */
export function WhatsAppButton({ number, label }: { number: string; label: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const [covering, setCovering] = useState(false);

  useEffect(() => {
    const button = ref.current;
    if (!button) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      // Where the button rests (offsets ignore the scale it shrinks by while stepping aside); a
      // fixed element's offsets are the viewport's.
      const left = button.offsetLeft - MARGIN;
      const top = button.offsetTop - MARGIN;
      const right = button.offsetLeft + button.offsetWidth + MARGIN;
      const bottom = button.offsetTop + button.offsetHeight + MARGIN;
      let hit = false;
      for (const element of document.querySelectorAll(KEEP_CLEAR)) {
        if (button.contains(element)) continue;
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        if (rect.left < right && rect.right > left && rect.top < bottom && rect.bottom > top) {
          hit = true;
          break;
        }
      }
      setCovering(hit);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Prices appear after the first paint too: the picker's total, search results, a currency switch.
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, []);

  // In a landmark of its own, so a screen reader's landmark list reaches it like the rest of the page.
  return (
    <aside aria-label={label}>
      <a
        ref={ref}
        href={whatsAppLink(number)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        title={label}
        data-testid="whatsapp-button"
        data-covering={covering ? 'true' : undefined}
        // clsx, not `cn`, as in the header's currency switch: the classes never conflict, and
        // tailwind-merge would add 8.7 KB gzip to every public page's first load for this one button.
        className={clsx(
          'fixed right-4 bottom-4 z-50 flex size-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lg transition-[opacity,scale] duration-150 hover:scale-105 focus-visible:ring-4 focus-visible:ring-primary/40 focus-visible:outline-none',
          covering && 'pointer-events-none scale-75 opacity-0 focus-visible:pointer-events-auto focus-visible:scale-100 focus-visible:opacity-100',
        )}
      >
        <MessageCircle aria-hidden className="size-7" />
      </a>
    </aside>
  );
}
