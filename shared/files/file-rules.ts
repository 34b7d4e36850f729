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
  | { ok: false; code: 'files.tooLarge' | 'files.unsupportedFormat' | 'files.empty'; values: { list: string } };

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
  return { ok: true, kind, contentType: FILE_KINDS[kind].contentType, extension: FILE_KINDS[kind].extension };
}

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.byteLength >= magic.length && magic.every((byte, index) => bytes[index] === byte);
}
