import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { config as proxyConfig } from '@/proxy';
import { linkOrigin } from '@/server/http/link-origin';
import { DEFAULT_HOSTS, parseHostsConfig } from '@/shared/sites/site-variants';

const headers = (entries: Record<string, string>) => new Headers(entries);
const env = { AUTH_URL: 'https://b2b.example.com/api/auth' };

describe('links in account e-mails', () => {
  it('lead to the configured origin of the host the visitor used, when the portal serves it', () => {
    const local = { ...env, PORT: '3410' };
    expect(linkOrigin(headers({ host: 'localhost:3410' }), local, DEFAULT_HOSTS)).toBe('http://localhost:3410');
    expect(linkOrigin(headers({ host: 'ru.localhost:3410' }), local, DEFAULT_HOSTS)).toBe('http://ru.localhost:3410');
    const production = parseHostsConfig('{"b2b.example.com":"main","b2b.example.ru":"russian"}');
    expect(linkOrigin(headers({ host: 'internal:3000', 'x-forwarded-host': 'b2b.example.ru', 'x-forwarded-proto': 'https' }), env, production)).toBe(
      'https://b2b.example.ru',
    );
    expect(linkOrigin(headers({ host: 'b2b.example.com' }), env, production)).toBe('https://b2b.example.com');
    const configured = { ...env, PUBLIC_ORIGINS: '{"russian":"https://www.b2b.example.ru"}' };
    expect(linkOrigin(headers({ host: 'b2b.example.ru' }), configured, production)).toBe('https://www.b2b.example.ru');
  });

  it('never take a scheme or port from a header, only which configured host it was', () => {
    const local = { PORT: '3410' };
    expect(linkOrigin(headers({ host: 'localhost:6666' }), local, DEFAULT_HOSTS)).toBe('http://localhost:3410');
    expect(linkOrigin(headers({ host: 'ru.localhost:3410', 'x-forwarded-proto': 'gopher' }), local, DEFAULT_HOSTS)).toBe('http://ru.localhost:3410');
    const production = parseHostsConfig('{"b2b.example.com":"main"}');
    expect(linkOrigin(headers({ host: 'b2b.example.com:8443', 'x-forwarded-proto': 'http' }), env, production)).toBe('https://b2b.example.com');
  });

  it('never lead to a host from a forged header: AUTH_URL instead', () => {
    for (const host of ['evil.example', 'constructor', 'localhost@evil.example', 'localhost/evil']) {
      expect(linkOrigin(headers({ host }), env, DEFAULT_HOSTS), host).toBe('https://b2b.example.com');
    }
    expect(linkOrigin(headers({ host: 'evil.example' }), {}, DEFAULT_HOSTS)).toBe('http://localhost:3000');
  });

  it('come from forms whose actions get the page’s locale from the proxy, in both languages', () => {
    const matchers = proxyConfig.matcher.map((source) => getPathMatch(source));
    for (const path of ['/sign-up', '/forgot-password', '/reset-password', '/ru/sign-up', '/ru/forgot-password', '/ru/reset-password']) {
      expect(matchers.some((match) => match(path) !== false), path).toBe(true);
    }
  });
});
