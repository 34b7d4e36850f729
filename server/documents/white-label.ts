// A guest who booked through an agency's widget gets the agency's documents, not ours: the
// agency's name, logo and reservation contacts where the operator's stand, no agent of the agency
// named, and no provider or internal id of the payment (issue: "the white label holds").
import 'server-only';
import type { BookingDocument } from './booking-document';

/** The agency's brand as its widget shows it to guests. */
export type DocumentBrand = {
  name: string;
  address: string;
  phone: string;
  email: string;
  /** A PNG or JPEG (what pdfkit embeds), or null to print the name alone. */
  logo: Buffer | null;
};

/** The guest's copy of a booking's document, under the agency's brand. */
export function whiteLabelDocument(doc: BookingDocument, brand: DocumentBrand): BookingDocument {
  return {
    ...doc,
    brand,
    seller: { legalName: brand.name, address: brand.address, vatNumber: '', licenceNumber: '', phone: brand.phone, email: brand.email },
    agency: { name: brand.name, address: brand.address || null, trn: null },
    agentName: '',
    seesNet: false,
    payment: doc.payment ? { ...doc.payment, providerReference: null } : null,
    providerRefunds: doc.providerRefunds.map((refund) => ({ ...refund, providerReference: null })),
  };
}
