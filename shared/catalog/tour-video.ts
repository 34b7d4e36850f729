import { type HeroVideo, heroVideoOf } from '@/shared/widgets/hero-video';

/**
 * A tour's video as the operator set it: a path on our own host (a file in public/ or the file
 * storage: the offline default, played by <video>), or an https link read as a widget's hero video
 * is (YouTube, Vimeo, or a video file elsewhere); null for anything else, which the page leaves out.
 */
export function tourVideoOf(address: string | null | undefined): HeroVideo | null {
  if (!address) return null;
  if (/^\/[\w./-]+$/.test(address) && !address.startsWith('//')) return { kind: 'file', url: address };
  return heroVideoOf(address);
}
