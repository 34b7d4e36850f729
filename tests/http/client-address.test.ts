import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressBucket, clientAddress, trustedProxyHops } from '@/server/http/client-address';
import { installPeerAddressHeader } from '@/server/platform/peer-address';

const forwarded = (value: string) => new Headers({ 'x-forwarded-for': value });

describe('clientAddress', () => {
  it('takes the rightmost entry with no trusted proxy, whatever the client wrote to its left', () => {
    expect(clientAddress(forwarded('203.0.113.9'), 0)).toBe('203.0.113.9');
    expect(clientAddress(forwarded('1.2.3.4, 5.6.7.8, 203.0.113.9'), 0)).toBe('203.0.113.9');
  });

  it('behind trusted proxies, takes the entry that many places left of the rightmost', () => {
    // client-forged, the client as the load balancer saw it, the load balancer as this server saw it
    expect(clientAddress(forwarded('6.6.6.6, 198.51.100.20, 10.0.0.2'), 1)).toBe('198.51.100.20');
    expect(clientAddress(forwarded('6.6.6.6, 198.51.100.20, 10.0.0.3, 10.0.0.2'), 2)).toBe('198.51.100.20');
    // Fewer entries than proxies: the request did not pass them all; the leftmost is the best left.
    expect(clientAddress(forwarded('10.0.0.2'), 2)).toBe('10.0.0.2');
  });

  it('reads an IPv4 peer on a dual-stack socket as IPv4, and has an answer without the header', () => {
    expect(clientAddress(forwarded('::FFFF:203.0.113.9'), 0)).toBe('203.0.113.9');
    expect(clientAddress(new Headers(), 0)).toBe('unknown');
  });

  it('reads TRUSTED_PROXY_HOPS, none by default and for anything but a whole number', () => {
    expect(trustedProxyHops({})).toBe(0);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: '2' })).toBe(2);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: '-1' })).toBe(0);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: 'one' })).toBe(0);
  });
});

describe('addressBucket', () => {
  it('counts an IPv4 address alone and an IPv6 address by its /64 network', () => {
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(addressBucket('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('installPeerAddressHeader', () => {
  it('appends the socket peer to X-Forwarded-For, so a forged header cannot hide the client', async () => {
    installPeerAddressHeader();
    installPeerAddressHeader(); // idempotent: a second install must not append twice
    const server = http.createServer((request, response) => {
      response.end(clientAddress(new Headers({ 'x-forwarded-for': String(request.headers['x-forwarded-for']) }), 0));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const ask = async (headers: Record<string, string>) =>
      (await fetch(`http://127.0.0.1:${port}/`, { headers })).text();
    try {
      expect(await ask({})).toBe('127.0.0.1');
      expect(await ask({ 'x-forwarded-for': '198.51.100.1' })).toBe('127.0.0.1');
      expect(await ask({ 'x-forwarded-for': '198.51.100.1, 198.51.100.2' })).toBe('127.0.0.1');
    } finally {
      server.close();
    }
  });

  it('keeps what the client sent, left of the peer, for a trusted proxy to be read by', async () => {
    installPeerAddressHeader();
    const server = http.createServer((request, response) => response.end(String(request.headers['x-forwarded-for'])));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const answer = await (await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': '198.51.100.1' } })).text();
      expect(answer).toBe('198.51.100.1, 127.0.0.1');
    } finally {
      server.close();
    }
  });
});

describe('X-Forwarded-Host and -Proto at the server’s door', () => {
  /** What the handler behind the hook sees of the two headers, for a request with `headers`. */
  async function seen(hops: number, headers: Record<string, string>) {
    installPeerAddressHeader(hops);
    const server = http.createServer((request, response) =>
      response.end(JSON.stringify({ host: request.headers['x-forwarded-host'] ?? null, proto: request.headers['x-forwarded-proto'] ?? null })),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      return (await (await fetch(`http://127.0.0.1:${port}/`, { headers })).json()) as { host: string | null; proto: string | null };
    } finally {
      server.close();
      installPeerAddressHeader(0);
    }
  }

  it('believes none from a client with no trusted proxy in front', async () => {
    expect(await seen(0, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).toEqual({ host: null, proto: null });
  });

  it('behind trusted proxies, keeps only the entry the outermost of them wrote', async () => {
    expect(await seen(1, { 'x-forwarded-host': 'evil.example, ru.localhost', 'x-forwarded-proto': 'http, https' })).toEqual({ host: 'ru.localhost', proto: 'https' });
    expect(await seen(2, { 'x-forwarded-host': 'evil.example, b2b.example.com, cdn.internal' })).toEqual({ host: 'b2b.example.com', proto: null });
    expect(await seen(1, { 'x-forwarded-host': 'b2b.example.com' })).toEqual({ host: 'b2b.example.com', proto: null });
  });

  it('keeps what Next names in its own request to itself (a server action’s redirect)', async () => {
    expect(await seen(0, { 'x-forwarded-host': 'tours.agency.test:3000', 'x-action-redirect': '/booking/x;push', rsc: '1' })).toEqual({ host: 'tours.agency.test:3000', proto: null });
  });
});
