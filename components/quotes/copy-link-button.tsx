'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Copies a quote's link; says so politely. Without the clipboard (an insecure origin) the field stays selectable. */
export function CopyLinkButton({ url, label, copiedLabel }: { url: string; label: string; copiedLabel: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      onClick={() => {
        void navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false));
      }}
    >
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
