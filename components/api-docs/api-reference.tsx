'use client';

import { useEffect, useRef, useState } from 'react';
import { API_REFERENCE_SCRIPT } from '@/shared/api/api-paths';

type ScalarGlobal = { createApiReference: (element: HTMLElement, configuration: Record<string, unknown>) => { destroy?: () => void } };

/**
 * Scalar's API reference, loaded from the portal's own origin (no CDN: the policy allows scripts
 * from 'self' only) and configured to fetch nothing else: no web fonts, no hosted client, no proxy.
 */
export function ApiReference({ documentUrl, labels }: { documentUrl: string; labels: { loading: string; failed: string } }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let reference: { destroy?: () => void } | undefined;
    let cancelled = false;
    const mount = () => {
      const scalar = (window as { Scalar?: ScalarGlobal }).Scalar;
      if (cancelled || !container.current) return;
      if (!scalar) return setState('failed');
      reference = scalar.createApiReference(container.current, {
        url: documentUrl,
        withDefaultFonts: false,
        hideClientButton: true,
        hideDarkModeToggle: true,
        forceDarkModeState: 'light',
        showDeveloperTools: 'never',
        agent: { disabled: true },
        telemetry: false,
        mcp: { disabled: true },
      });
      setState('ready');
    };
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${API_REFERENCE_SCRIPT}"]`);
    const script = existing ?? Object.assign(document.createElement('script'), { src: API_REFERENCE_SCRIPT, async: true });
    if ((window as { Scalar?: ScalarGlobal }).Scalar) mount();
    else {
      script.addEventListener('load', mount);
      script.addEventListener('error', () => !cancelled && setState('failed'));
      if (!existing) document.body.append(script);
    }
    return () => {
      cancelled = true;
      script.removeEventListener('load', mount);
      reference?.destroy?.();
    };
  }, [documentUrl]);

  return (
    <div className="mt-6">
      <p role="status" aria-live="polite" className={state === 'ready' ? 'sr-only' : 'text-sm text-muted-foreground'}>
        {state === 'loading' ? labels.loading : state === 'failed' ? labels.failed : ''}
      </p>
      <div ref={container} data-testid="api-reference" className="min-h-[60vh]" />
    </div>
  );
}
