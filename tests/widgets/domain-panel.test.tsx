// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { HttpFeedbackProvider } from '@/components/http/http-feedback';
import { LazyToaster } from '@/components/shell/lazy-toaster';
import { DomainPanel } from '@/components/widgets/domain-panel';
import { domainPanelLabels } from '@/components/widgets/domain-panel-labels';
import en from '@/messages/en.json';
import type { WidgetDomainState } from '@/server/widgets/widget-queries';

// The editor's domain panel: the records to create, what the last check found, and the "Check"
// button's answer, with the texts `domainPanelLabels()` builds from the messages.

const action = vi.hoisted(() => ({ checkWidgetDomainAction: vi.fn() }));
vi.mock('@/server/widgets/domains/domain-actions', () => action);
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const { loadMessages } = await import('@/messages/areas');
  const messages = await loadMessages('en');
  return {
    getLocale: async () => 'en',
    getTranslations: async (namespace?: string) => createTranslator({ locale: 'en', messages, namespace: namespace as never, timeZone: 'Asia/Dubai' }),
  };
});

const WIDGET_ID = '3b0c8f2e-8a57-4f7b-9d3e-1f0a2b3c4d5e';
const TOKEN = 'traveldesk-verify=0123456789abcdef';
const failed: WidgetDomainState = {
  domain: 'tours.example.com',
  status: 'failed',
  token: TOKEN,
  // 14:05 in Dubai.
  checkedAt: new Date('2026-11-20T10:05:00Z'),
  check: { cname: ['widgets.localhost'], txt: [], error: 'txtMissing' },
};

afterEach(() => {
  action.checkWidgetDomainAction.mockReset();
  act(() => void toast.dismiss());
});

async function renderPanel(domain: WidgetDomainState, aRecords?: string[]) {
  const labels = await domainPanelLabels();
  return render(
    <HttpFeedbackProvider labels={en.errors}>
      <DomainPanel widgetId={WIDGET_ID} domain={domain} cnameTarget="widgets.localhost" aRecords={aRecords} labels={labels} />
      <LazyToaster />
    </HttpFeedbackProvider>,
  );
}

describe('DomainPanel', () => {
  it('asks for a domain to be saved first when there is none', async () => {
    await renderPanel({ domain: null, status: null, token: TOKEN, checkedAt: null, check: null });
    expect(screen.getByText(/Enter your domain above and save the widget/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check DNS records' })).not.toBeInTheDocument();
  });

  it('shows the status, the two records to create with copy buttons, and what the last check found', async () => {
    await renderPanel(failed, ['203.0.113.7']);
    expect(screen.getByText('Failed')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'DNS records to create' });
    const cname = within(table).getByRole('row', { name: /^CNAME/ });
    expect(cname).toHaveTextContent('tours.example.com');
    expect(cname).toHaveTextContent('widgets.localhost');
    const txt = within(table).getByRole('row', { name: /^TXT/ });
    expect(txt).toHaveTextContent('_traveldesk.tours.example.com');
    expect(txt).toHaveTextContent(TOKEN);
    expect(within(table).getByRole('button', { name: "Copy the TXT record's value" })).toHaveAttribute('type', 'button');
    expect(screen.getByText(/give it an A record with 203.0.113.7 instead/)).toBeInTheDocument();

    const lastCheck = screen.getByTestId('domain-last-check');
    expect(lastCheck).toHaveTextContent('Checked 20 Nov, 26 14:05 (Dubai time).');
    expect(lastCheck).toHaveTextContent('The TXT record with the verification code was not found.');
    expect(lastCheck).toHaveTextContent('CNAME found:widgets.localhost (as required)');
    expect(lastCheck).toHaveTextContent('TXT found:nothing (not as required)');
  });

  it('says a verified domain is verified, with its records folded away instead of the set-up steps', async () => {
    await renderPanel({ ...failed, status: 'verified', check: { cname: ['widgets.localhost'], txt: [TOKEN], error: null } }, ['203.0.113.7']);
    expect(screen.getByTestId('domain-verified')).toHaveTextContent('Verified: tours.example.com serves your widget.');
    expect(screen.queryByText(/Create these two records/)).not.toBeInTheDocument();
    expect(screen.queryByText(/give it an A record/)).not.toBeInTheDocument();
    const fold = screen.getByTestId('domain-records-fold');
    expect(fold).not.toHaveAttribute('open');
    expect(within(fold).getByText('DNS records of the domain')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check DNS records' })).toBeInTheDocument();
  });

  it('says while checking, then announces the new state', async () => {
    let answer: (value: unknown) => void = () => {};
    action.checkWidgetDomainAction.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await renderPanel(failed);

    await userEvent.click(screen.getByRole('button', { name: 'Check DNS records' }));
    expect(action.checkWidgetDomainAction).toHaveBeenCalledWith(WIDGET_ID);
    const busy = await screen.findByRole('button', { name: 'Checking DNS records…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(busy);
    expect(action.checkWidgetDomainAction).toHaveBeenCalledTimes(1);

    await act(async () => answer({ ok: true, data: { ...failed, status: 'failed', check: { cname: ['shop.example.net'], txt: [TOKEN], error: 'cnameMismatch' } } }));
    expect(screen.getByTestId('domain-check-result')).toHaveTextContent('Not verified. The domain does not point to widgets.localhost.');

    action.checkWidgetDomainAction.mockResolvedValue({ ok: true, data: { ...failed, status: 'verified', check: { cname: ['widgets.localhost'], txt: [TOKEN], error: null } } });
    await userEvent.click(screen.getByRole('button', { name: 'Check DNS records' }));
    expect(await screen.findByText(/^Verified: the records are in place/)).toBeInTheDocument();
  });

  it('shows a refusal beside the button and as spec §8’s toast', async () => {
    action.checkWidgetDomainAction.mockResolvedValue({
      ok: false,
      status: 422,
      code: 'widgets.errors.domainTaken',
      message: 'This domain cannot be used for a widget.',
      fieldErrors: { domain: 'This domain cannot be used for a widget.' },
    });
    await renderPanel(failed);
    await userEvent.click(screen.getByRole('button', { name: 'Check DNS records' }));
    await waitFor(() => expect(screen.getByTestId('domain-check-result')).toHaveTextContent('This domain cannot be used for a widget.'));
    // The panel has no field named `domain`: the toast gives the message, not the wire name.
    expect(await screen.findByRole('listitem')).toHaveTextContent(/^This domain cannot be used for a widget\.$/);
  });
});
