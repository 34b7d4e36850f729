'use client';

import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';

/** A photo as the lightbox shows it: next/image's attributes computed by the server. */
export type LightboxPhoto = { src: string; srcSet?: string; alt: string };
/** `position` is raw: `{index}` and `{count}` are filled in here. */
export type LightboxLabels = { dialog: string; close: string; previous: string; next: string; position: string };

/** A horizontal move this long (CSS pixels) is a swipe. */
const SWIPE_PX = 40;

/**
 * The gallery's photos full size in a modal dialog (the top layer; the page behind is inert):
 * arrow keys, Home and End move, Esc closes, Tab cycles through its buttons; a swipe moves on a
 * touch screen. Focus starts on "close" and goes back to the opening photo (GalleryProvider).
 */
export function Lightbox({ photos, startIndex, labels, onClose }: { photos: LightboxPhoto[]; startIndex: number; labels: LightboxLabels; onClose: () => void }) {
  const [index, setIndex] = useState(startIndex);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const swipeFrom = useRef<number | null>(null);
  const count = photos.length;
  const photo = photos[index] ?? photos[0];

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.showModal();
    closeRef.current?.focus();
    // The page behind does not scroll while the photos are open.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
  }, []);

  const go = (step: number) => setIndex((current) => (current + step + count) % count);
  // The dialog leaves the top layer first, so the page is no longer inert when the focus goes back.
  const close = () => {
    dialogRef.current?.close();
    onClose();
  };

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    const moves: Record<string, () => void> = { ArrowRight: () => go(1), ArrowLeft: () => go(-1), Home: () => setIndex(0), End: () => setIndex(count - 1) };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
      return;
    }
    if (event.key !== 'Tab') return;
    // Focus stays in the dialog: Tab from the last button wraps to the first, and back.
    const buttons = [...(dialogRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onPointerUp(event: PointerEvent) {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const distance = event.clientX - from;
    if (Math.abs(distance) >= SWIPE_PX) go(distance < 0 ? 1 : -1);
  }

  if (!photo) return null;
  const position = labels.position.replace('{index}', String(index + 1)).replace('{count}', String(count));
  const control =
    'absolute inline-flex size-11 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:ring-3 focus-visible:ring-white/70 focus-visible:outline-none';

  return (
    <dialog
      ref={dialogRef}
      aria-label={labels.dialog}
      onCancel={(event) => {
        // Esc: closed here, so the focus can be given back to the opening photo.
        event.preventDefault();
        close();
      }}
      onKeyDown={onKeyDown}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden bg-black/95 p-0 text-white backdrop:bg-black/80"
      data-testid="lightbox"
    >
      <figure
        className="flex h-full touch-pan-y flex-col items-center justify-center gap-3 px-4 py-14 select-none"
        onPointerDown={(event) => (swipeFrom.current = event.clientX)}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeFrom.current = null)}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- next/image's attributes, computed by the server */}
        <img key={photo.src} src={photo.src} srcSet={photo.srcSet} sizes="100vw" alt={photo.alt} draggable={false} className="max-h-full min-h-0 max-w-full object-contain" data-testid="lightbox-image" />
        <figcaption className="text-center text-sm" aria-live="polite">
          <span>{photo.alt}</span> <span className="text-white/70" data-testid="lightbox-position">{position}</span>
        </figcaption>
      </figure>
      <button ref={closeRef} type="button" aria-label={labels.close} title={labels.close} onClick={close} className={`${control} top-3 right-3`}>
        <X aria-hidden className="size-5" />
      </button>
      {count > 1 ? (
        <>
          <button type="button" aria-label={labels.previous} title={labels.previous} onClick={() => go(-1)} className={`${control} top-1/2 left-3 -translate-y-1/2`}>
            <ChevronLeft aria-hidden className="size-6" />
          </button>
          <button type="button" aria-label={labels.next} title={labels.next} onClick={() => go(1)} className={`${control} top-1/2 right-3 -translate-y-1/2`}>
            <ChevronRight aria-hidden className="size-6" />
          </button>
        </>
      ) : null}
    </dialog>
  );
}
