// A widget site's hero video (spec §3 "hero video"): the link the agency gave, read as a YouTube
// or Vimeo video or a video file of its own. Pure and client-safe: the site's facade plays it
// after a click, so nothing of a third party loads before the guest asks for it.

export type HeroVideo = { kind: 'youtube'; id: string } | { kind: 'vimeo'; id: string; hash: string | null } | { kind: 'file'; url: string };

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com', 'youtube-nocookie.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const VIDEO_FILE = /\.(?:mp4|m4v|webm|ogv|ogg|mov)$/i;

/** Where the players are framed from (the landing page's frame-src). */
export const HERO_VIDEO_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

function youTubeId(url: URL): string | null {
  if (url.hostname === 'youtu.be') return url.pathname.slice(1).split('/')[0] ?? null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const [, kind, id] = url.pathname.split('/');
  return kind === 'embed' || kind === 'shorts' || kind === 'live' ? (id ?? null) : null;
}

/** The video an https link names, or null for anything else (shown as a plain link, if at all). */
export function heroVideoOf(link: string | null | undefined): HeroVideo | null {
  let url: URL;
  try {
    url = new URL(link ?? '');
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host)) {
    const id = youTubeId(url);
    return id && YOUTUBE_ID.test(id) ? { kind: 'youtube', id } : null;
  }
  if (VIMEO_HOSTS.has(host)) {
    const parts = url.pathname.split('/').filter(Boolean);
    const [id, hash] = parts[0] === 'video' ? parts.slice(1) : parts;
    if (!id || !/^\d{1,12}$/.test(id)) return null;
    const privateHash = url.searchParams.get('h') ?? hash ?? null;
    return { kind: 'vimeo', id, hash: privateHash && /^[0-9a-f]{6,20}$/i.test(privateHash) ? privateHash : null };
  }
  return VIDEO_FILE.test(url.pathname) ? { kind: 'file', url: url.href } : null;
}

/** The player's address, played at once: the guest has just clicked "play". Privacy-enhanced modes. */
export function heroVideoPlayerUrl(video: Exclude<HeroVideo, { kind: 'file' }>): string {
  if (video.kind === 'youtube') return `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1&rel=0`;
  return `https://player.vimeo.com/video/${video.id}?autoplay=1&dnt=1${video.hash ? `&h=${video.hash}` : ''}`;
}
