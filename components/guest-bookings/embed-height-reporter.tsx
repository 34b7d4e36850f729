'use client';

import { useEffect } from 'react';

/** The message public/embed.js resizes its frame on. */
export const EMBED_HEIGHT_MESSAGE = 'traveldesk:height';

/**
 * The origin of the page framing this one, when that page is on `site` (the widget's domain the
 * embed was shown for); null when the page is not framed or the framing page is elsewhere. Read
 * from the referrer (the framing page's URL, or its origin under the default referrer policy),
 * else from the frame's ancestor origins where the browser keeps them (a `no-referrer` page). Never
 * a wildcard: the height goes to `site` only, as embed.js believes it only from the portal.
 */
export function framingOrigin(site: string): string | null {
  if (window.parent === window) return null;
  const candidates = [document.referrer, window.location.ancestorOrigins?.[0]];
  for (const candidate of candidates) {
    if (!candidate) continue;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      continue;
    }
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname === site.toLowerCase()) return url.origin;
  }
  return null;
}

/**
 * Tells embed.js on the agency's page how tall this framed page is, on load and whenever the page
 * changes size (a date picked, an error shown), so the frame shows it whole without a scrollbar.
 * Renders nothing.
 */
export function EmbedHeightReporter({ site }: { site: string }) {
  useEffect(() => {
    const target = framingOrigin(site);
    if (!target) return;
    // The body's height, not the document's: a document is never shorter than its frame, so a
    // frame sized by it could grow (checkout) but never shrink back (the tickets again).
    const report = () => window.parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, height: document.body.scrollHeight }, target);
    report();
    window.addEventListener('load', report);
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('load', report);
      observer.disconnect();
    };
  }, [site]);
  return null;
}
