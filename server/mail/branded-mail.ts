import 'server-only';
import type { GuestBrand } from '@/server/widgets/guest-bookings/guest-booking-view';
import { publicImageUrl } from '@/shared/files/file-purpose';

// The HTML part of a mail an agency sends its guest (the white label): its logo, from the origin the
// guest's link opens on, its name, then the paragraphs, the link in them made clickable. The text
// part is the same paragraphs, so both say the same thing.

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** Whom a guest's mail says to contact: the agency's reservations contact, phone and address, as it has them. */
export function brandContacts(brand: Pick<GuestBrand, 'reservationName' | 'phone' | 'email'>): string {
  return [brand.reservationName, brand.phone, brand.email].filter(Boolean).join(', ');
}

export function brandedMailHtml({ brand, paragraphs, link }: { brand: Pick<GuestBrand, 'name' | 'logoFileId'>; paragraphs: string[]; link: string }): string {
  const origin = new URL(link).origin;
  const logo = brand.logoFileId ? `<p><img src="${escapeHtml(`${origin}${publicImageUrl(brand.logoFileId)}`)}" alt="${escapeHtml(brand.name)}" style="max-height:48px"></p>` : '';
  const anchor = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;
  return [logo, `<p><strong>${escapeHtml(brand.name)}</strong></p>`, ...paragraphs.map((line) => `<p>${escapeHtml(line).replaceAll('\n', '<br>').replace(escapeHtml(link), anchor)}</p>`)].join('\n');
}
