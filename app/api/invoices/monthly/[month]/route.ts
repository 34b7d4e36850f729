import { DEFAULT_LOCALE, isLocale } from '@/i18n/locales';
import { requirePermission } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import {
  isInvoiceMonth,
  isMonthlyInvoiceAvailable,
  loadMonthlyInvoice,
  monthlyInvoiceIssueDate,
} from '@/server/documents/monthly-invoice';
import { formatInvoiceMonth, renderMonthlyInvoicePdf } from '@/server/documents/monthly-invoice-pdf';
import { documentTranslator, formatTourDate } from '@/server/documents/pdf-layout';
import { NotFound } from '@/server/errors';
import { domainErrorResponse, PRIVATE_HEADERS } from '@/server/http/api-errors';

/** Spec §9: the agency's monthly tax invoice for `yyyy-MM`, from the 3rd of the next month, as a PDF. */
export async function GET(request: Request, { params }: { params: Promise<{ month: string }> }) {
  const { month } = await params;
  const requested = new URL(request.url).searchParams.get('language');
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const now = new Date();
  try {
    const principal = await requirePermission('balance:view');
    if (!isInvoiceMonth(month)) throw new NotFound();
    if (!isMonthlyInvoiceAvailable(month, now)) {
      const t = documentTranslator(locale);
      const message = t('monthlyInvoice.notYetAvailable', {
        month: formatInvoiceMonth(month, locale),
        date: formatTourDate(monthlyInvoiceIssueDate(month), locale),
      });
      return Response.json({ message }, { status: 409, headers: PRIVATE_HEADERS });
    }
    const invoice = await loadMonthlyInvoice(await getDb(), principal, month, now, locale);
    if (!invoice) throw new NotFound();
    const pdf = await renderMonthlyInvoicePdf(invoice);
    return new Response(new Uint8Array(pdf), {
      headers: {
        ...PRIVATE_HEADERS,
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'content-disposition': `attachment; filename="tax-invoice-${invoice.month}.pdf"`,
      },
    });
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
}
