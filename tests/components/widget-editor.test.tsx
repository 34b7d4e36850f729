// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpFeedbackProvider } from '@/components/http/http-feedback';
import { WidgetEditor } from '@/components/widgets/widget-editor';
import { widgetEditorLabels } from '@/components/widgets/widget-editor-labels';
import type { OfferChoice } from '@/components/widgets/widget-offer-table';
import en from '@/messages/en.json';
import { loadMessages } from '@/messages/areas';
import { emptyWidgetValues } from '@/shared/widgets/widget-schema';

// The editor refuses a sale price under the 5% minimum at its field and in the
// summary before anything is sent, and sends the values as typed once they pass.

const saveWidgetAction = vi.hoisted(() => vi.fn());
vi.mock('@/server/widgets/widget-actions', () => ({ saveWidgetAction }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ replace: vi.fn(), prefetch: vi.fn() }), useParams: () => ({ locale: 'en' }) }));
// The preview renders the guest pages' links; a plain anchor stands for next/link's prefetching one.
vi.mock('next/link', () => ({ default: ({ href, prefetch: _prefetch, ...props }: { href: string; prefetch?: boolean }) => <a href={href} {...props} /> }));
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const { loadMessages } = await import('@/messages/areas');
  const messages = await loadMessages('en');
  return { getTranslations: async (namespace?: string) => createTranslator({ locale: 'en', messages, namespace: namespace as never, timeZone: 'Asia/Dubai' }) };
});

const choices: OfferChoice[] = [
  {
    offerId: '11111111-1111-4111-8111-111111111111',
    tourId: '22222222-2222-4222-8222-222222222222',
    tourTitle: 'Desert safari',
    offerName: 'Evening safari',
    b2b: { adult: 10_000, child: null, trip: null },
    retail: { adult: 12_000, child: null, trip: null },
    guest: {
      tourSlug: 'desert-safari',
      durationMinutes: 390,
      photoUrl: '/images/demo/desert.webp',
      text: {
        en: { tourTitle: 'Desert safari', tourSummary: 'Dunes and dinner.', offerName: 'Evening safari' },
        ru: { tourTitle: 'Сафари в пустыне', tourSummary: 'Дюны и ужин.', offerName: 'Вечернее сафари' },
      },
    },
  },
];

async function renderEditor() {
  const labels = await widgetEditorLabels();
  const [enMessages, ruMessages] = await Promise.all([loadMessages('en'), loadMessages('ru')]);
  const previewMessages = { en: enMessages, ru: ruMessages };
  render(
    <HttpFeedbackProvider labels={en.errors}>
      <WidgetEditor
        widgetId={null}
        values={emptyWidgetValues('en')}
        choices={choices}
        rates={{ rubPerAed: 25 }}
        labels={labels}
        media={{ logoUrls: [], heroImageUrl: null }}
        previewMessages={previewMessages}
      />
    </HttpFeedbackProvider>,
  );
}

describe('WidgetEditor', () => {
  beforeEach(() => saveWidgetAction.mockReset());

  it('refuses a price under 5% above cost at its field and in the summary, sending nothing', async () => {
    await renderEditor();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Widget name'), 'Dunes');
    await user.selectOptions(screen.getByLabelText('Add an offer'), choices[0]!.offerId);
    await user.click(screen.getByRole('button', { name: 'Add offer' }));
    const price = screen.getByLabelText('Sale price per adult, AED');
    // Starts at the recommended retail price, above the minimum.
    expect(price).toHaveValue('120.00');
    expect(screen.getByText('min AED 105.00')).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, '104.99');
    await user.click(screen.getByRole('button', { name: 'Save widget' }));
    const summary = await screen.findByTestId('widget-error-summary');
    expect(within(summary).getByRole('link')).toHaveTextContent('Evening safari — Sale price per adult: The sale price must be at least 5% above the b2b cost, after the discount.');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(summary).toHaveFocus();
    expect(saveWidgetAction).not.toHaveBeenCalled();
  });

  it('sends the values as typed once they pass', async () => {
    saveWidgetAction.mockResolvedValue({ ok: true, data: { id: '33333333-3333-4333-8333-333333333333', created: true } });
    await renderEditor();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Widget name'), 'Dunes');
    await user.selectOptions(screen.getByLabelText('Add an offer'), choices[0]!.offerId);
    await user.click(screen.getByRole('button', { name: 'Add offer' }));
    await user.click(screen.getByRole('button', { name: 'Save widget' }));
    await vi.waitFor(() => expect(saveWidgetAction).toHaveBeenCalledTimes(1));
    const [id, values] = saveWidgetAction.mock.calls[0]!;
    expect(id).toBeNull();
    expect(values).toMatchObject({ name: 'Dunes', discountPercent: '0', offers: [{ offerId: choices[0]!.offerId, saleAdult: '120.00', saleChild: '', saleTrip: '' }] });
  });

  it('previews the whole site as guests will see it, at phone and desktop width, as the form changes', async () => {
    await renderEditor();
    const user = userEvent.setup();
    const phone = () => screen.getByTestId('widget-preview-phone');
    const desktop = () => screen.getByTestId('widget-preview-desktop');
    await user.type(screen.getByLabelText('Widget name'), 'Dunes');
    await user.type(screen.getByLabelText('Meta title'), 'Dunes of Dubai');
    await user.selectOptions(screen.getByLabelText('Add an offer'), choices[0]!.offerId);
    await user.click(screen.getByRole('button', { name: 'Add offer' }));
    for (const screenOf of [phone, desktop]) {
      expect(within(screenOf()).getByRole('heading', { level: 1, hidden: true })).toHaveTextContent('Dunes of Dubai');
      expect(screenOf()).toHaveTextContent(/from AED\s120\.00/);
      // No hero picture yet: the tour's photo stands behind the title.
      expect(screenOf().querySelector('[data-testid="widget-hero"]')).toHaveAttribute('data-backdrop', 'tourPhoto');
    }
    const price = screen.getByLabelText('Sale price per adult, AED');
    await user.clear(price);
    await user.type(price, '150');
    expect(phone()).toHaveTextContent(/from AED\s150\.00/);

    // One tour, as its page shows it.
    await user.click(screen.getByRole('button', { name: 'A tour' }));
    expect(screen.getByTestId('widget-preview')).toHaveAttribute('data-view', 'tour');
    expect(within(desktop()).getByRole('heading', { level: 3, hidden: true })).toHaveTextContent('Desert safari');

    // In the widget's language and currency.
    await user.selectOptions(screen.getByLabelText('Language'), 'ru');
    await user.selectOptions(screen.getByLabelText('Currency'), 'USD');
    expect(desktop()).toHaveTextContent('Сафари в пустыне');
    expect(desktop()).toHaveTextContent(/от 41,10\sUSD/);

    // An embed type previews its tickets instead of a site.
    await user.selectOptions(screen.getByLabelText('Type'), 'embedded');
    expect(screen.getByTestId('widget-preview')).toHaveAttribute('data-view', 'tickets');
    expect(within(phone()).getByTestId('embed-offer-list')).toHaveAttribute('data-type', 'embedded');
    expect(screen.queryByRole('button', { name: 'A tour' })).toBeNull();
  });
});
