'use client';

import { Play } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { VideoPlayer } from '@/components/catalog/video-player';
import type { HeroVideo } from '@/shared/widgets/hero-video';

/**
 * The tour's video in place behind a click: until then the box holds the poster (a server-rendered
 * photo) and a play button, and no player, so nothing loads from YouTube, Vimeo or the file's
 * host. The click puts the player in the same sized box (no layout shift) and plays it: <video>
 * for a file (our storage by default), the privacy-enhanced player for YouTube and Vimeo.
 */
export function TourVideoFacade({ video, title, playLabel, children }: { video: HeroVideo; title: string; playLabel: string; children: ReactNode }) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black" data-testid="tour-video">
      {playing ? (
        <VideoPlayer video={video} title={title} testId="tour-video-player" />
      ) : (
        <button type="button" onClick={() => setPlaying(true)} className="group absolute inset-0 size-full focus-visible:outline-none" data-testid="tour-video-play">
          {children}
          <span className="absolute inset-0 flex items-center justify-center bg-black/20 transition-colors group-hover:bg-black/30">
            <span className="inline-flex items-center gap-2 rounded-full bg-black/70 px-5 py-3 font-medium text-white group-focus-visible:ring-4 group-focus-visible:ring-white/70">
              <Play aria-hidden className="size-5 fill-current" />
              {playLabel}
            </span>
          </span>
        </button>
      )}
    </div>
  );
}
