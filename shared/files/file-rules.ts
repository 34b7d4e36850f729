// Upload rules (spec §5): at most 5 MB, and a type recognised by the file's first bytes, never by
// its name or the browser's declared type (an `.exe` renamed `.pdf` is refused). Pure, so the
// client can run the size check before uploading and tests need no server.

import type { FilePurpose } from './file-purpose';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

type FileKind = { label: string; contentType: string; extension: string; magic: readonly number[] };

const FILE_KINDS = {
  pdf: { label: 'PDF', contentType: 'application/pdf', extension: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  jpg: { label: 'JPG', contentType: 'image/jpeg', extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
  png: {
    label: 'PNG',
    contentType: 'image/png',
    extension: 'png',
    magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  },
} as const satisfies Record<string, FileKind>;

export type FileKindName = keyof typeof FILE_KINDS;

/** Every document the portal takes is a scan or a PDF. */
const ALLOWED_KINDS: Record<FilePurpose, readonly FileKindName[]> = {
  tradeLicence: ['pdf', 'jpg', 'png'],
  vatCertificate: ['pdf', 'jpg', 'png'],
  contractCopy: ['pdf', 'jpg', 'png'],
  signatoryId: ['pdf', 'jpg', 'png'],
  paymentSlip: ['pdf', 'jpg', 'png'],
  tourImage: ['jpg', 'png'],
  widgetLogo: ['jpg', 'png'],
  widgetHeroImage: ['jpg', 'png'],
  // Not WebP nor SVG: pdfkit draws only PNG and JPEG into the guest's voucher, and an SVG can carry script.
  agencyLogo: ['jpg', 'png'],
};

/**
 * Purposes whose image must also read whole, not only start like one: the agency's logo is drawn
 * on every guest's voucher, where a damaged file would leave the agency's name without its brand.
 */
const WHOLE_IMAGE_PURPOSES: ReadonlySet<FilePurpose> = new Set(['agencyLogo']);

/** For the 'Only {list} formats' message and the file input's `accept`. */
export function allowedFormats(purpose: FilePurpose): { list: string; accept: string } {
  const kinds = ALLOWED_KINDS[purpose].map((name) => FILE_KINDS[name]);
  return {
    list: kinds.map((kind) => kind.label).join(', '),
    accept: kinds.flatMap((kind) => [`.${kind.extension}`, kind.contentType]).join(','),
  };
}

export type UploadCheck =
  | { ok: true; kind: FileKindName; contentType: string; extension: string }
  | { ok: false; code: 'files.tooLarge' | 'files.unsupportedFormat' | 'files.empty' | 'files.damagedImage'; values: { list: string } };

/** The size check alone, for the browser before it sends anything. */
export function checkUploadSize(sizeBytes: number, purpose: FilePurpose): UploadCheck | null {
  if (sizeBytes > MAX_UPLOAD_BYTES) return { ok: false, code: 'files.tooLarge', values: allowedFormats(purpose) };
  if (sizeBytes === 0) return { ok: false, code: 'files.empty', values: allowedFormats(purpose) };
  return null;
}

export function checkUpload(bytes: Uint8Array, purpose: FilePurpose): UploadCheck {
  const sizeProblem = checkUploadSize(bytes.byteLength, purpose);
  if (sizeProblem) return sizeProblem;
  const kind = ALLOWED_KINDS[purpose].find((name) => startsWith(bytes, FILE_KINDS[name].magic));
  if (!kind) return { ok: false, code: 'files.unsupportedFormat', values: allowedFormats(purpose) };
  if (WHOLE_IMAGE_PURPOSES.has(purpose) && !isWholeImage(bytes, kind)) return { ok: false, code: 'files.damagedImage', values: allowedFormats(purpose) };
  return { ok: true, kind, contentType: FILE_KINDS[kind].contentType, extension: FILE_KINDS[kind].extension };
}

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.byteLength >= magic.length && magic.every((byte, index) => bytes[index] === byte);
}

/**
 * Whether an image's structure reads to its end: a PNG's chunks from a sized IHDR through image
 * data to IEND, a JPEG's segments to a sized frame and a scan closed by its end marker. The pixels
 * are not decoded; a cut-off download or a renamed file that merely starts with the magic fails.
 */
export function isWholeImage(bytes: Uint8Array, kind: FileKindName): boolean {
  if (kind === 'png') return isWholePng(bytes);
  if (kind === 'jpg') return isWholeJpeg(bytes);
  return true;
}

function isWholePng(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.byteLength < 33 || type(12) !== 'IHDR' || view.getUint32(8) !== 13) return false;
  if (view.getUint32(16) === 0 || view.getUint32(20) === 0) return false;
  let offset = 8;
  let hasData = false;
  while (offset + 12 <= bytes.byteLength) {
    const length = view.getUint32(offset);
    const chunk = type(offset + 4);
    const next = offset + 12 + length;
    if (next > bytes.byteLength) return false;
    if (chunk === 'IDAT') hasData = true;
    if (chunk === 'IEND') return hasData;
    offset = next;
  }
  return false;
}

function isWholeJpeg(bytes: Uint8Array): boolean {
  let offset = 2;
  let hasFrame = false;
  while (offset + 4 <= bytes.byteLength) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1]!;
    // Fill bytes, and markers that stand alone (restart, TEM).
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (length < 2 || offset + 2 + length > bytes.byteLength) return false;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8) return false;
      const height = (bytes[offset + 5]! << 8) | bytes[offset + 6]!;
      const width = (bytes[offset + 7]! << 8) | bytes[offset + 8]!;
      if (height === 0 || width === 0) return false;
      hasFrame = true;
    }
    // The scan's data runs to the end-of-image marker; some encoders pad after it.
    if (marker === 0xda) return hasFrame && hasEndMarker(bytes, offset + 2 + length);
    offset += 2 + length;
  }
  return false;
}

function hasEndMarker(bytes: Uint8Array, from: number): boolean {
  for (let index = bytes.byteLength - 2; index >= from; index -= 1) {
    if (bytes[index] === 0xff && bytes[index + 1] === 0xd9) return true;
  }
  return false;
}
