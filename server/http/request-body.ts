import 'server-only';

/** The body is larger than the route accepts. */
export class PayloadTooLarge extends Error {
  constructor() {
    super('Payload too large');
    this.name = 'PayloadTooLarge';
  }
}

/**
 * The request body's bytes, at most `maxBytes`. A declared Content-Length above the cap is refused
 * before anything is read; a chunked body (no length) or one that lies about its length is counted
 * while it streams, and reading stops at the first chunk that crosses the cap, so an anonymous
 * caller cannot make the server buffer 100 MB.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw new PayloadTooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The media type of a Content-Type header, lower-cased and without parameters. */
export function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}
