'use client';

import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Copies one DNS value to the clipboard: tokens and host names are mistyped easily. A button of
 * type "button", as the panel sits inside the editor's form; the outcome is announced politely.
 */
export function CopyTextButton({ text, label, copiedLabel, failedLabel }: { text: string; label: string; copiedLabel: string; failedLabel: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (outcome !== 'copied') return;
    const timer = setTimeout(() => setOutcome(null), 2000);
    return () => clearTimeout(timer);
  }, [outcome]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      // No clipboard without a secure context or the page's permission: the text stays selectable.
      setOutcome('failed');
    }
  }

  return (
    <span className="inline-flex shrink-0 items-center gap-1">
      <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={label} title={label} onClick={() => void copy()}>
        {outcome === 'copied' ? <Check aria-hidden className="text-emerald-700" /> : <Copy aria-hidden />}
      </Button>
      <span aria-live="polite" className={outcome === 'failed' ? 'text-xs text-destructive' : 'sr-only'}>
        {outcome === 'copied' ? copiedLabel : outcome === 'failed' ? failedLabel : ''}
      </span>
    </span>
  );
}
