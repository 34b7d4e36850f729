import { decideProxy, type ProxyRequest } from '@/server/routing/proxy-decision';
import { DEFAULT_HOSTS, parseHostsConfig, variantForHost } from '@/server/sites/site-variants';

function request(overrides: Partial<ProxyRequest>): ProxyRequest {
  return {
    host: 'localhost:3000',
    pathname: '/',
    search: '',
    localeCookie: undefined,
    hasSessionCookie: false,
    hosts: DEFAULT_HOSTS,
    ...overrides,
  };
}

describe('host variants', () => {
  it.each([
    ['localhost:3000', 'main'],
    ['127.0.0.1:3000', 'main'],
    ['partner.localhost:3000', 'second'],
    ['RU.localhost', 'russian'],
    ['unknown.example.com', 'main'],
    [null, 'main'],
  ] as const)('%s → %s', (host, variant) => {
    expect(variantForHost(host, DEFAULT_HOSTS)).toBe(variant);
  });

  it('reads HOSTS as a replacement for the defaults', () => {
    const hosts = parseHostsConfig('{"b2b.example.com":"main","Partners.example.com":"second"}');
    expect(variantForHost('partners.example.com', hosts)).toBe('second');
    expect(hosts['partner.localhost']).toBeUndefined();
  });

  it('refuses an unknown variant in HOSTS', () => {
    expect(() => parseHostsConfig('{"x.example.com":"gold"}')).toThrow(/unknown variant/);
    expect(() => parseHostsConfig('["localhost"]')).toThrow(/JSON object/);
  });
});

describe('locale routing', () => {
  it('serves English unprefixed on the main host', () => {
    expect(decideProxy(request({ pathname: '/terms-of-use' }))).toEqual({
      type: 'rewrite',
      pathname: '/en/main/terms-of-use',
      locale: 'en',
      variant: 'main',
    });
  });

  it('serves Russian under /ru', () => {
    expect(decideProxy(request({ pathname: '/ru' }))).toMatchObject({ type: 'rewrite', pathname: '/ru/main', locale: 'ru' });
    expect(decideProxy(request({ pathname: '/ru/tour/abc' }))).toMatchObject({ pathname: '/ru/main/tour/abc' });
  });

  it('redirects /en/… to the one canonical unprefixed URL', () => {
    expect(decideProxy(request({ pathname: '/en/city/dubai', search: '?a=1' }))).toEqual({
      type: 'redirect',
      location: '/city/dubai?a=1',
    });
  });

  it('opens the Russian domain in Russian', () => {
    expect(decideProxy(request({ host: 'ru.localhost:3000', pathname: '/privacy-policy' }))).toEqual({
      type: 'redirect',
      location: '/ru/privacy-policy',
    });
    expect(decideProxy(request({ host: 'ru.localhost:3000', pathname: '/ru' }))).toMatchObject({
      pathname: '/ru/russian',
      variant: 'russian',
    });
  });

  it('keeps English on the Russian domain for a visitor who chose it', () => {
    expect(decideProxy(request({ host: 'ru.localhost', pathname: '/', localeCookie: 'en' }))).toMatchObject({
      type: 'rewrite',
      pathname: '/en/russian',
      locale: 'en',
    });
  });

  it('does not switch the main host to Russian because of a cookie', () => {
    expect(decideProxy(request({ pathname: '/', localeCookie: 'ru' }))).toMatchObject({ pathname: '/en/main' });
  });

  it('serves the second variant on partner.localhost', () => {
    expect(decideProxy(request({ host: 'partner.localhost:3000', pathname: '/' }))).toMatchObject({
      pathname: '/en/second',
      variant: 'second',
    });
  });
});

describe('auth gate', () => {
  it('sends an anonymous visitor of a portal page to sign-in with the way back', () => {
    const decision = decideProxy(request({ pathname: '/bookings', search: '?page=2' }));
    expect(decision.type).toBe('redirect');
    const location = new URL(decision.type === 'redirect' ? decision.location : '', 'http://x');
    expect(location.pathname).toBe('/sign-in');
    expect(location.searchParams.get('error')).toBe('SessionRequired');
    expect(location.searchParams.get('callbackUrl')).toBe('/bookings?page=2');
  });

  it('keeps the language on the way to sign-in', () => {
    const decision = decideProxy(request({ pathname: '/ru/my-account' }));
    expect(decision).toEqual({
      type: 'redirect',
      location: `/ru/sign-in?${new URLSearchParams({ error: 'SessionRequired', callbackUrl: '/ru/my-account' })}`,
    });
  });

  it('lets a visitor with a session through to the page (which checks the role itself)', () => {
    expect(decideProxy(request({ pathname: '/agents', hasSessionCookie: true }))).toMatchObject({
      type: 'rewrite',
      pathname: '/en/main/agents',
    });
  });

  it.each(['/', '/sign-up', '/uae', '/city/dubai', '/tour/x', '/terms-of-use'])('lets anyone open %s', (pathname) => {
    expect(decideProxy(request({ pathname })).type).toBe('rewrite');
  });

  it('drops a trailing slash', () => {
    expect(decideProxy(request({ pathname: '/terms-of-use/' }))).toMatchObject({ pathname: '/en/main/terms-of-use' });
  });
});
