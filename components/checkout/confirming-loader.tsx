'use client';

import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';

const MESSAGE_MS = 1500;

/** The confirming overlay: spec §9's loader of 5 rotating messages. */
export function ConfirmingLoader({ title, messages }: { title: string; messages: readonly string[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((current) => (current + 1) % messages.length), MESSAGE_MS);
    return () => clearInterval(timer);
  }, [messages.length]);
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-background/85 p-6 backdrop-blur-sm" data-testid="confirming-loader">
      <div className="grid max-w-sm justify-items-center gap-4 rounded-xl border border-border bg-background p-8 text-center shadow-lg">
        <Spinner label={title} />
        <p className="text-lg font-semibold">{title}</p>
        <p aria-live="polite" className="min-h-6 text-muted-foreground">
          {messages[index]}
        </p>
      </div>
    </div>
  );
}
