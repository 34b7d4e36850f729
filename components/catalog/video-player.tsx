import { type HeroVideo, heroVideoPlayerUrl } from '@/shared/widgets/hero-video';

/**
 * The player a video facade puts in its box after the click: <video> for a file (our storage by
 * default), the privacy-enhanced player for YouTube and Vimeo. Rendered only once clicked, so
 * nothing loads from the player's host before.
 */
export function VideoPlayer({ video, title, testId }: { video: HeroVideo; title: string; testId?: string }) {
  return video.kind === 'file' ? (
    <video src={video.url} title={title} controls autoPlay playsInline className="size-full" data-testid={testId} />
  ) : (
    <iframe
      src={heroVideoPlayerUrl(video)}
      title={title}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      className="size-full border-0"
      data-testid={testId}
    />
  );
}
