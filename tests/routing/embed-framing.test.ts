import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';

// An embed's tickets and checkout may be framed by the page `site` names (the widget's
// verified domain, which the page itself checks), on every port; nothing else may frame a page.

const WIDGET = '3f1c2a7e-0d5b-4c1e-9a77-5b2f1e0c9d11';

/** The proxy's frame-ancestors for a GET of `path` (with its query); with a session cookie, so no page is gated. */
async function frameAncestors(path: string): Promise<string | undefined> {
  const request = new NextRequest(`http://localhost:3000${path}`, { headers: { cookie: 'authjs.session-token=x' } });
  const policy = (await proxy(request)).headers.get('content-security-policy') ?? '';
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('frame-ancestors '))
    ?.slice('frame-ancestors '.length);
}

describe('frame-ancestors of the embed pages', () => {
  it('names the framing site, on every port, on the tickets and checkout in both languages', async () => {
    for (const path of ['/embedded', '/ru/embedded', '/embedded/checkout', '/ru/embedded/checkout']) {
      expect(await frameAncestors(`${path}?widget=${WIDGET}&site=tours.agency.test&offer=x`), path).toBe('tours.agency.test:*');
    }
    expect(await frameAncestors(`/embedded?widget=${WIDGET}&site=Tours.Agency.TEST`)).toBe('tours.agency.test:*');
  });

  it('lets nobody frame them for a site that cannot be a widget domain, or none', async () => {
    const sites = ['', 'localhost', 'tours.agency.test:8080', 'https://tours.agency.test', '*.agency.test', '*', 'tours.agency.test https://evil.test', "tours.agency.test; frame-ancestors *", '10.0.0.5', 'tours..test'];
    for (const site of sites) expect(await frameAncestors(`/embedded?widget=${WIDGET}&site=${encodeURIComponent(site)}`), site).toBe("'none'");
    expect(await frameAncestors(`/embedded?widget=${WIDGET}`)).toBe("'none'");
    expect(await frameAncestors('/embedded')).toBe("'none'");
  });

  it('keeps the booking result and every other page unframable, whatever their query says', async () => {
    for (const path of ['/embedded/booking/x', '/ru/embedded/booking/x', '/embedded/x', '/search', '/bookings', '/sign-in']) {
      expect(await frameAncestors(`${path}?widget=${WIDGET}&site=tours.agency.test`), path).toBe("'none'");
    }
  });

  it('gives the embed pages a nonce, and lets a guest without a session reach the booking result', async () => {
    const response = await proxy(new NextRequest(`http://localhost:3000/embedded/booking/${WIDGET}?widget=${WIDGET}&site=tours.agency.test`));
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect((await proxy(new NextRequest(`http://localhost:3000/embedded?widget=${WIDGET}&site=tours.agency.test`))).headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/);
  });
});
