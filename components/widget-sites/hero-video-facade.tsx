'use client';

import { PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { VideoPlayer } from '@/components/catalog/video-player';
import type { HeroVideo } from '@/shared/widgets/hero-video';

/**
 * The hero video behind a click: until the guest presses "play", the page holds a button and no
 * player, so nothing loads from YouTube, Vimeo or the file's host; then the player takes the
 * button's place and plays (privacy-enhanced YouTube, Vimeo without tracking, or the file itself).
 */
export function HeroVideoFacade({ video, label, title }: { video: HeroVideo; label: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (!playing) {
    return (
      <button
        type="button"
        onClick={() => setPlaying(true)}
        className="mt-6 inline-flex items-center gap-2 rounded-lg bg-white/15 px-4 py-2 font-medium hover:bg-white/25 focus-visible:ring-3 focus-visible:ring-white/60 focus-visible:outline-none"
        data-testid="hero-video-play"
      >
        <PlayCircle aria-hidden className="size-5" />
        {label}
      </button>
    );
  }
  return (
    <div className="mt-6 aspect-video w-full max-w-3xl overflow-hidden rounded-xl bg-black" data-testid="hero-video">
      <VideoPlayer video={video} title={title} />
    </div>
  );
}
