import { createTranslator } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { WidgetSiteLanding, type WidgetSiteTranslator } from '@/components/widget-sites/widget-site-landing';
import { WidgetSiteNotFound } from '@/components/widget-sites/widget-site-not-found';
import type { Locale } from '@/i18n/locales';
import { loadMessages } from '@/messages/areas';
import type { WidgetSite, WidgetSiteOffer } from '@/server/widgets/sites/widget-site';

// A widget site's page (issue 20): white-label, in the widget's language and currency, and every
// text the agency typed shown as text, never run as markup.

const SCRIPT = '<script>alert("x")</script>';

async function translator(locale: Locale): Promise<WidgetSiteTranslator> {
  const translate = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'widgetSites', timeZone: 'Asia/Dubai' });
  // The messages are not typed: keys are checked by the translations test, not the compiler.
  return (key, values) => translate(key as never, values as never);
}

const offer = (overrides: Partial<WidgetSiteOffer> = {}): WidgetSiteOffer => ({
  offerId: '11111111-1111-4111-8111-111111111111',
  name: `Sunset ${SCRIPT}`,
  tourSlug: 'desert-safari',
  tourTitle: 'Desert safari',
  tourSummary: 'Dunes and dinner.',
  durationMinutes: 390,
  photoUrl: '/images/demo/desert.webp',
  prices: { adult: 36500, child: 18250, trip: null },
  ...overrides,
});

const site = (overrides: Partial<WidgetSite> = {}): WidgetSite => ({
  id: '22222222-2222-4222-8222-222222222222',
  agencyId: '33333333-3333-4333-8333-333333333333',
  domain: 'tours.agency.test',
  name: `Agency ${SCRIPT}`,
  type: 'multi_tour',
  locale: 'en',
  currency: 'USD',
  rates: null,
  offersTitle: `Offers ${SCRIPT}`,
  footerText: `Footer ${SCRIPT}`,
  metaTitle: `Title ${SCRIPT}`,
  metaDescription: `Description ${SCRIPT}`,
  noIndex: false,
  conversionActionId: '',
  heroVideoUrl: 'javascript:alert(1)',
  heroImageUrl: null,
  logoUrls: [],
  contacts: { company: `Company ${SCRIPT}`, address: SCRIPT, email: 'desk@agency.test', telegram: '@agencydesk', phone: '+971 50 123 4567', mapLink: 'javascript:alert(2)', whatsApp: '+971501234567', viber: '' },
  reservationContacts: { name: `Anna ${SCRIPT}`, phone: '+971 50 000 0000', email: '' },
  partners: [{ name: `Partner ${SCRIPT}`, url: 'https://partner.example.com' }, { name: 'Bad', url: 'javascript:alert(3)' }],
  socials: [{ name: 'Instagram', url: 'https://instagram.com/agency' }],
  offers: [offer(), offer({ offerId: '44444444-4444-4444-8444-444444444444', name: 'Private', prices: { adult: null, child: null, trip: 73000 } })],
  ...overrides,
});

describe('a widget site’s landing', () => {
  it('shows every text of the agency as text: no script, no javascript: link', async () => {
    const html = renderToStaticMarkup(<WidgetSiteLanding site={site()} t={await translator('en')} />);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('Offers &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Footer &lt;script&gt;');
    expect(html).toContain('Partner &lt;script&gt;');
    expect(html).not.toContain('>Bad<');
  });

  it('shows the guest prices in the widget’s currency, and books each offer on the site’s own host', async () => {
    const html = renderToStaticMarkup(<WidgetSiteLanding site={site()} t={await translator('en')} />);
    // Intl writes a no-break space between the code and the amount.
    expect(html).toMatch(/from USD\s100\.00/);
    expect(html).toMatch(/USD\s50\.00 per child/);
    expect(html).toMatch(/USD\s200\.00 per trip/);
    expect(html).toContain('href="/book/11111111-1111-4111-8111-111111111111"');
    expect(html).toContain('href="https://t.me/agencydesk"');
    expect(html).toContain('href="tel:+971501234567"');
    expect(html).not.toMatch(/traveldesk/i);
  });

  it('speaks the widget’s language and shows roubles at the operator’s rate', async () => {
    const html = renderToStaticMarkup(
      <WidgetSiteLanding site={site({ locale: 'ru', currency: 'RUB', rates: { rubPerAed: 25 }, type: 'offers_only', offersTitle: '' })} t={await translator('ru')} />,
    );
    expect(html).toContain('Наши предложения');
    expect(html).toContain('Забронировать');
    expect(html).toMatch(/от 9\s?125,00\s₽/);
    expect(html).toContain('Desert safari');
  });

  it('tells a domain no widget serves that there is no site, naming no one', async () => {
    const html = renderToStaticMarkup(<WidgetSiteNotFound site={null} t={await translator('ru')} />);
    expect(html).toContain('Сайт не найден');
    expect(html).not.toContain('href');
  });
});
