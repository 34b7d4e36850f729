import 'server-only';
import sharp from 'sharp';
import type { FilePurpose } from '@/shared/files/file-purpose';

// Some pictures are kept as sharp (libvips, which Next's image optimiser already runs) re-encodes
// them from their decoded pixels, not as uploaded: the agency's logo is drawn on every guest's
// voucher, and pdfkit refuses a file its own reader finds incomplete (a PNG without its end
// chunk), where the guest would get the agency's name without its brand. A file that does not
// decode to its last pixel is refused; one that claims more pixels than a logo has is refused
// unread. The copy also drops what the camera wrote into the file (place, device).

/** Purposes whose images are stored re-encoded. */
export const REENCODED_PURPOSES: ReadonlySet<FilePurpose> = new Set(['agencyLogo']);

/** 4096 × 4096: far above any logo, far below what would fill the server's memory. */
const MAX_PIXELS = 4096 * 4096;

/** The image re-encoded in its own format, turned upright as its metadata says; null when it does not decode whole. */
export async function reencodedImage(bytes: Uint8Array, kind: 'png' | 'jpg'): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS }).rotate();
    const encoded = await (kind === 'png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer();
    return new Uint8Array(encoded);
  } catch {
    return null;
  }
}
