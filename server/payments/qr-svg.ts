import 'server-only';
import QRCode from 'qrcode';

/** A QR code as an SVG data URL (the page's `img-src` allows `data:`), rendered on the server. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
