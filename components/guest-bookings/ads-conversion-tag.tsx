'use client';

import { useEffect } from 'react';
import { type AdsConversion, type ConversionSale, conversionCommands } from '@/shared/widgets/ads-conversion';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Bookings reported in this document: React may run an effect twice, Ads must hear of a booking once. */
const reported = new Set<string>();

/**
 * Reports a completed widget booking to the agency's Google Ads: queues the gtag calls in
 * `window.dataLayer` as the gtag snippet does (gtag.js reads the queue when it arrives), and
 * loads gtag.js only when the deployment names its address (`scriptUrl`); without it nothing
 * leaves the page. Rendered only on the booking result pages of a widget with a conversion id.
 */
export function AdsConversionTag({ conversion, sale, scriptUrl }: { conversion: AdsConversion; sale: ConversionSale; scriptUrl: string | null }) {
  useEffect(() => {
    if (reported.has(sale.reference)) return;
    reported.add(sale.reference);
    const dataLayer = (window.dataLayer ??= []);
    // gtag.js reads each queued call as an `arguments` object, not an array: the snippet's own form.
    function gtag(..._command: unknown[]) {
      // eslint-disable-next-line prefer-rest-params -- gtag.js needs the Arguments object itself.
      dataLayer.push(arguments);
    }
    for (const command of conversionCommands(conversion, sale, new Date())) gtag(...command);
    if (scriptUrl && !document.querySelector(`script[src="${CSS.escape(scriptUrl)}"]`)) {
      const script = document.createElement('script');
      script.async = true;
      script.src = scriptUrl;
      document.head.appendChild(script);
    }
  }, [conversion, sale, scriptUrl]);
  return null;
}
