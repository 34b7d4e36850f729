// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { BookingConversion } from '@/components/guest-bookings/booking-conversion';
import { contentSecurityPolicy } from '@/server/http/security-headers';
import { adsConversionOf, gtagScriptUrl } from '@/shared/widgets/ads-conversion';
import { widgetFormSchema, emptyWidgetValues } from '@/shared/widgets/widget-schema';

// A widget booking fires the agency's Google Ads conversion on its result page: the gtag calls
// are queued in window.dataLayer (what gtag.js reads), and gtag.js itself is loaded only when the
// deployment names it (GOOGLE_TAG_URL), so tests and the offline demo load nothing from the internet.

const ACTION = 'AW-123456789/AbC-D_efG';
const completed = { bookingStatus: 'completed', amountMinor: 13_050, currency: 'USD', reference: 'TD-7Q2K' };

/** The queued gtag calls, each as the list of its arguments. */
function queuedCalls(): unknown[][] {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

afterEach(() => {
  delete window.dataLayer;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  vi.unstubAllEnvs();
});

describe("a widget's conversion action id", () => {
  it('is a Google Ads conversion action, AW-<account>/<label>, or empty', () => {
    expect(adsConversionOf(ACTION)).toEqual({ tagId: 'AW-123456789', sendTo: ACTION });
    for (const other of ['', 'AW-123456789', 'G-ABCDEF', 'AW-12/x', 'AW-123456789/a b', 'javascript:alert(1)']) expect(adsConversionOf(other)).toBeNull();
    const parse = (conversionActionId: string) => widgetFormSchema.safeParse({ ...emptyWidgetValues('en'), name: 'Dunes', conversionActionId });
    expect(parse(ACTION).success).toBe(true);
    expect(parse('').success).toBe(true);
    expect(parse('AW-123456789').error?.issues[0]?.message).toBe('widgets.errors.conversionActionId');
  });
});

describe('the conversion on a booking result page', () => {
  it('queues config and the conversion event with send_to, value and currency, loading no script by default', () => {
    render(<BookingConversion conversionActionId={ACTION} booking={completed} />);
    const calls = queuedCalls();
    expect(calls.map((call) => call[0])).toEqual(['js', 'config', 'event']);
    expect(calls[0]![1]).toBeInstanceOf(Date);
    expect(calls[1]).toEqual(['config', 'AW-123456789']);
    expect(calls[2]).toEqual(['event', 'conversion', { send_to: ACTION, value: 130.5, currency: 'USD', transaction_id: 'TD-7Q2K' }]);
    // Queued as gtag's snippet does: Arguments objects, which gtag.js tells from plain arrays.
    expect(Object.prototype.toString.call(window.dataLayer![2])).toBe('[object Arguments]');
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('reports a booking once however often the page renders it', () => {
    const booking = { ...completed, reference: 'TD-ONCE' };
    const { rerender } = render(<BookingConversion conversionActionId={ACTION} booking={booking} />);
    rerender(<BookingConversion conversionActionId={ACTION} booking={{ ...booking }} />);
    expect(queuedCalls().filter((call) => call[0] === 'event')).toHaveLength(1);
  });

  it('loads gtag.js for the account when the deployment names its address', () => {
    vi.stubEnv('GOOGLE_TAG_URL', 'https://www.googletagmanager.com/gtag/js');
    render(<BookingConversion conversionActionId={ACTION} booking={{ ...completed, reference: 'TD-TAG' }} />);
    expect([...document.querySelectorAll('script')].map((script) => script.src)).toEqual(['https://www.googletagmanager.com/gtag/js?id=AW-123456789']);
  });

  it('reports nothing for a booking not completed, or a widget without a conversion action', () => {
    render(<BookingConversion conversionActionId={ACTION} booking={{ ...completed, reference: 'TD-P', bookingStatus: 'payment_required' }} />);
    render(<BookingConversion conversionActionId="" booking={{ ...completed, reference: 'TD-N' }} />);
    expect(window.dataLayer).toBeUndefined();
  });
});

describe("gtag.js's address and the result page's policy", () => {
  it('is null unless configured', () => {
    expect(gtagScriptUrl(undefined, 'AW-1')).toBeNull();
    expect(gtagScriptUrl(' ', 'AW-1')).toBeNull();
    expect(gtagScriptUrl('https://tags.agency.test/gtag/js?l=dl', 'AW-1')).toBe('https://tags.agency.test/gtag/js?l=dl&id=AW-1');
  });

  it("allows Google's sources only where asked, with the configured script's origin", () => {
    expect(contentSecurityPolicy()).not.toContain('google');
    const policy = contentSecurityPolicy({ googleTag: 'https://tags.agency.test/gtag/js' });
    const directive = (name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain('https://tags.agency.test https://www.googletagmanager.com');
    expect(directive('connect-src')).toContain('https://www.google.com');
    expect(directive('img-src')).toContain('https://googleads.g.doubleclick.net');
    expect(directive('frame-src')).toContain('https://td.doubleclick.net');
  });
});
