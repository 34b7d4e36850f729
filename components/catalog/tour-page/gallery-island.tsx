'use client';

import dynamic from 'next/dynamic';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import type { LightboxLabels, LightboxPhoto } from './lightbox';

// The tour page's gallery island: the photos are server-rendered inside these buttons; the
// lightbox's code loads on the first open (a dynamic import), never in the page's first load.
const Lightbox = dynamic(() => import('./lightbox').then((module) => module.Lightbox), { ssr: false });

type Open = (index: number, trigger: HTMLElement) => void;
const GalleryContext = createContext<Open>(() => {});

export function GalleryProvider({ photos, labels, children }: { photos: LightboxPhoto[]; labels: LightboxLabels; children: ReactNode }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const openAt = useCallback<Open>((index, element) => {
    trigger.current = element;
    setOpenIndex(index);
  }, []);
  const close = useCallback(() => {
    setOpenIndex(null);
    // The lightbox has left the top layer: the photo that opened it takes the focus back.
    trigger.current?.focus();
  }, []);
  return (
    <GalleryContext value={openAt}>
      {children}
      {openIndex !== null ? <Lightbox photos={photos} startIndex={openIndex} labels={labels} onClose={close} /> : null}
    </GalleryContext>
  );
}

/** A photo of the gallery (server-rendered children) that opens the lightbox at its index. */
export function GalleryButton({ index, label, className, children }: { index: number; label: string; className?: string; children: ReactNode }) {
  const open = useContext(GalleryContext);
  return (
    <button type="button" aria-label={label} aria-haspopup="dialog" onClick={(event) => open(index, event.currentTarget)} className={className} data-gallery-index={index}>
      {children}
    </button>
  );
}
