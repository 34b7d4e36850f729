import { Download, Info } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { seesNetRates } from '@/server/auth/customer-view';
import type { Principal } from '@/server/auth/principal';
import { DOCUMENT_KINDS, DOCUMENT_PERMISSIONS, type DocumentKind, type DocumentState, documentFilename, documentsFor } from '@/server/documents/document-kinds';

/**
 * Download links to the PDFs a booking's state offers and the agent's role may have,
 * with a word on what is missing: the tickets of a cancelled booking, or a request's voucher.
 * The invoice and the credit note are at NET prices: not offered in customer view.
 */
export async function DocumentLinks({
  reference,
  principal,
  state,
  className,
  linkClassName,
}: {
  reference: string;
  principal: Principal;
  state: DocumentState;
  className?: string;
  linkClassName?: string;
}) {
  const t = await getTranslations('bookingDocuments');
  const seesNet = seesNetRates(principal);
  const documents = documentsFor(principal.role, state).filter((kind) => seesNet || DOCUMENT_PERMISSIONS[kind] !== 'rates:viewB2b');
  const labels = Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, t(`labels.${kind}`)])) as Record<DocumentKind, string>;
  const note =
    state.status === 'cancelled' && state.paymentMethod !== 'request'
      ? t('ticketsWithdrawn')
      : documents.includes('request-summary') && state.status !== 'cancelled'
        ? t('requestOnly')
        : null;
  return (
    <div data-testid="booking-documents">
      {documents.length > 0 ? (
        <ul className={className}>
          {documents.map((document) => (
            <li key={document}>
              <a
                href={`/api/v1/b2b/bookings/${reference}/documents/${document}${document === 'tickets' && state.documentIssue ? `?issue=${state.documentIssue}` : ''}`}
                download={documentFilename(document, reference)}
                className={cn(buttonVariants({ variant: 'outline' }), linkClassName)}
              >
                <Download aria-hidden />
                {labels[document]}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">{t('none')}</p>
      )}
      {note ? (
        <p className="mt-3 flex items-start gap-2 text-sm text-muted-foreground">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {note}
        </p>
      ) : null}
    </div>
  );
}
