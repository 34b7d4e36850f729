// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTranslator } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { HeroVideoFacade } from '@/components/widget-sites/hero-video-facade';
import { WidgetSiteLanding, type WidgetSiteTranslator } from '@/components/widget-sites/widget-site-landing';
import { WidgetSiteNotFound } from '@/components/widget-sites/widget-site-not-found';
import type { Locale } from '@/i18n/locales';
import { loadMessages } from '@/messages/areas';
import { contentSecurityPolicy, securityHeaderRules } from '@/server/http/security-headers';
import { heroVideoOf, heroVideoPlayerUrl } from '@/shared/widgets/hero-video';
import type { WidgetSite, WidgetSiteOffer } from '@/server/widgets/sites/widget-site';

// A widget site's page: white-label, in the widget's language and currency, and every
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

describe('the hero without a picture of its own', () => {
  const backdrop = (html: string) => /data-backdrop="(\w+)"/.exec(html)?.[1];

  it('shows the hero image, else the first tour photo, else the logo on the brand colour', async () => {
    const t = await translator('en');
    const withImage = renderToStaticMarkup(<WidgetSiteLanding site={site({ heroImageUrl: '/api/catalog/images/hero' })} t={t} />);
    expect(backdrop(withImage)).toBe('image');
    const withPhoto = renderToStaticMarkup(<WidgetSiteLanding site={site()} t={t} />);
    expect(backdrop(withPhoto)).toBe('tourPhoto');
    expect(withPhoto).toContain('desert.webp');
    const withLogo = renderToStaticMarkup(<WidgetSiteLanding site={site({ logoUrls: ['/api/catalog/images/logo'], offers: [offer({ photoUrl: null })] })} t={t} />);
    expect(backdrop(withLogo)).toBe('brand');
    expect(withLogo).toMatch(/from-primary/);
    // The logo twice: in the header and large in the hero.
    expect(withLogo.match(/images%2Flogo|images\/logo/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    const bare = renderToStaticMarkup(<WidgetSiteLanding site={site({ offers: [] })} t={t} />);
    expect(backdrop(bare)).toBe('brand');
    expect(bare).not.toMatch(/class="[^"]*bg-zinc-900[^"]*"[^>]*data-testid="widget-hero"/);
  });
});

describe('the hero video', () => {
  it('reads YouTube, Vimeo and video file links; anything else is no player', () => {
    expect(heroVideoOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toEqual({ kind: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(heroVideoOf('https://youtu.be/dQw4w9WgXcQ')).toEqual({ kind: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(heroVideoOf('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toEqual({ kind: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(heroVideoOf('https://vimeo.com/76979871')).toEqual({ kind: 'vimeo', id: '76979871', hash: null });
    expect(heroVideoOf('https://vimeo.com/76979871/abcdef1234')).toEqual({ kind: 'vimeo', id: '76979871', hash: 'abcdef1234' });
    expect(heroVideoOf('https://cdn.agency.test/clips/hero.mp4')).toEqual({ kind: 'file', url: 'https://cdn.agency.test/clips/hero.mp4' });
    for (const other of ['http://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=short', 'https://vimeo.com/channels/x', 'https://agency.test/about', 'javascript:alert(1)', null]) {
      expect(heroVideoOf(other)).toBeNull();
    }
    expect(heroVideoPlayerUrl({ kind: 'youtube', id: 'dQw4w9WgXcQ' })).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    expect(heroVideoPlayerUrl({ kind: 'vimeo', id: '1', hash: null })).toBe('https://player.vimeo.com/video/1?autoplay=1&dnt=1');
  });

  it('loads no player before the click, then plays it in place', async () => {
    const html = renderToStaticMarkup(<WidgetSiteLanding site={site({ heroVideoUrl: 'https://youtu.be/dQw4w9WgXcQ' })} t={await translator('en')} />);
    // The facade is its own chunk, loaded on a site with a video (the e2e clicks it there).
    expect(html).not.toMatch(/<iframe|<video|youtube/);
    render(<HeroVideoFacade video={{ kind: 'youtube', id: 'dQw4w9WgXcQ' }} label="Play the video" title="Video: Dunes" />);
    expect(document.querySelector('iframe, video')).toBeNull();
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Play the video' })));
    expect(screen.getByTitle('Video: Dunes')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    expect(screen.queryByRole('button', { name: 'Play the video' })).toBeNull();
  });

  it("plays a video file of the agency with the browser's own player, after the click", async () => {
    render(<HeroVideoFacade video={{ kind: 'file', url: 'https://cdn.agency.test/hero.webm' }} label="Включить видео" title="Видео" />);
    expect(document.querySelector('video')).toBeNull();
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Включить видео' })));
    expect(document.querySelector('video')).toHaveAttribute('src', 'https://cdn.agency.test/hero.webm');
  });

  it('is a plain link for another page, and nothing once the agency turns it off', async () => {
    const t = await translator('en');
    expect(renderToStaticMarkup(<WidgetSiteLanding site={site({ heroVideoUrl: 'https://agency.test/about' })} t={t} />)).toContain('href="https://agency.test/about"');
    // The disable flag reaches the page as no video at all (server/widgets/sites/widget-site.ts).
    expect(renderToStaticMarkup(<WidgetSiteLanding site={site({ heroVideoUrl: null })} t={t} />)).not.toMatch(/hero-video|Watch the video/);
  });

  it("frames the players only on a widget site's landing", () => {
    const widgetHost = { type: 'host' as const, value: '(?!localhost$).+' };
    const rule = securityHeaderRules({ widgetHost }).find((candidate) => candidate.has?.includes(widgetHost));
    expect(rule?.source).toBe('/');
    expect(rule?.headers[0]?.value).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
    expect(rule?.headers[0]?.value).toContain("media-src 'self' https:");
    expect(contentSecurityPolicy()).not.toMatch(/frame-src|media-src/);
  });
});
