'use client';

import { X } from 'lucide-react';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { cn } from '@/components/ui/cn';

type Notice = { text: string; tone: 'success' | 'error' };

type Board = { owner: string | null; claim: (owner: string) => void };

const NoticeBoard = createContext<Board | null>(null);

/**
 * The agents page says one thing at a time: each card and the "New agent" panel keep their own
 * status line (read where the change happened), but a new result clears the one shown before.
 */
export function AgentNoticeProvider({ children }: { children: ReactNode }) {
  const [owner, setOwner] = useState<string | null>(null);
  return <NoticeBoard value={{ owner, claim: setOwner }}>{children}</NoticeBoard>;
}

/**
 * One status line of the page: `notice` is the newest result of its owner (a new object per
 * result); it shows until another owner reports, or until dismissed.
 */
export function AgentNotice({ owner, notice, dismissLabel, className }: { owner: string; notice: Notice | null; dismissLabel: string; className?: string }) {
  const board = useContext(NoticeBoard);
  const [dismissed, setDismissed] = useState<Notice | null>(null);
  const claim = board?.claim;

  useEffect(() => {
    if (notice) claim?.(owner);
  }, [notice, owner, claim]);

  // Without a board (used alone) a notice shows until dismissed.
  const shown = notice && notice !== dismissed && (!board || board.owner === owner || board.owner === null) ? notice : null;
  return (
    <div className={cn('flex items-start gap-2', className)}>
      <p role="status" aria-live="polite" className={cn('text-sm font-medium', shown?.tone === 'error' ? 'text-destructive' : 'text-success')}>
        {shown?.text ?? null}
      </p>
      {shown ? (
        <button
          type="button"
          onClick={() => setDismissed(shown)}
          aria-label={dismissLabel}
          title={dismissLabel}
          className="-my-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-primary/40"
        >
          <X aria-hidden className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
