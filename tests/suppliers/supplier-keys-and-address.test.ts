import { randomUUID } from 'node:crypto';
import { isDomainError } from '@/server/errors';
import { isSupplierError } from '@/server/suppliers/errors';
import { createOctoConnector } from '@/server/suppliers/octo/octo-connector';
import { openSecret, sealSecret } from '@/server/suppliers/secret-box';
import { assertSupplierAddress, SupplierAddressRefused } from '@/server/suppliers/supplier-address';
import { startOctoSupplier } from '@/tests/support/octo-supplier/server';

// Security of the supplier connection: API keys are sealed at rest and a changed byte is refused;
// a supplier's base URL may not point into the portal's own network (SSRF) unless the test switch
// SUPPLIERS_ALLOW_PRIVATE_ADDRESSES is on.

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('sealed supplier keys', () => {
  it('open to what was sealed, and seal alike twice into different texts', () => {
    const first = sealSecret('octo-key-0123456789');
    const second = sealSecret('octo-key-0123456789');
    expect(first).not.toBe(second);
    expect(first).not.toContain('octo-key');
    expect(openSecret(first)).toBe('octo-key-0123456789');
    expect(openSecret(second)).toBe('octo-key-0123456789');
  });

  it('refuse a sealed key changed by one character, cut short, or sealed under another secret', () => {
    vi.stubEnv('AUTH_SECRET', 'the-first-secret');
    const sealed = sealSecret('octo-key-0123456789');
    const [version, nonce, body, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = `${body.slice(0, 3)}${body[3] === 'A' ? 'B' : 'A'}${body.slice(4)}`;
    expect(() => openSecret([version, nonce, flipped, tag].join('.'))).toThrow(/changed/);
    expect(() => openSecret([version, nonce, body].join('.'))).toThrow(/Not a sealed secret/);
    vi.stubEnv('AUTH_SECRET', 'a-rotated-secret');
    expect(() => openSecret(sealed)).toThrow(/changed or sealed under another key/);
    // The dedicated secret keeps keys readable across a rotation of the sessions' secret.
    vi.stubEnv('SUPPLIER_KEYS_SECRET', 'the-first-secret');
    expect(openSecret(sealed)).toBe('octo-key-0123456789');
  });
});

describe('the address rule of supplier base URLs', () => {
  async function refusal(url: string) {
    const error = await assertSupplierAddress(url).then(
      () => null,
      (caught: unknown) => caught,
    );
    if (!(error instanceof SupplierAddressRefused)) throw new Error(`expected ${url} to be refused`);
    expect(isDomainError(error, 'ruleViolation')).toBe(true);
    return error.reason;
  }

  it('refuses loopback, private, link-local and unspecified addresses, by literal or by name', async () => {
    for (const url of ['http://127.0.0.1:8080/octo', 'https://10.1.2.3/octo', 'https://192.168.0.10/octo', 'https://172.20.0.1/octo', 'http://169.254.169.254/latest', 'https://[::1]/octo', 'https://[fd00::1]/octo', 'https://0.0.0.0/octo', 'https://[::ffff:127.0.0.1]/octo', 'http://localhost:3000/octo']) {
      expect(await refusal(url)).toBe('privateAddress');
    }
  });

  it('refuses what is not an http(s) URL or carries credentials', async () => {
    for (const url of ['not a url', 'ftp://supplier.example/octo', 'file:///etc/passwd', 'https://user:secret@supplier.example/octo']) {
      expect(await refusal(url)).toBe('invalidUrl');
    }
  });

  it('accepts a public address, and private ones only with the test switch on', async () => {
    await expect(assertSupplierAddress('https://93.184.216.34/octo')).resolves.toBeUndefined();
    vi.stubEnv('SUPPLIERS_ALLOW_PRIVATE_ADDRESSES', 'on');
    await expect(assertSupplierAddress('http://127.0.0.1:8080/octo')).resolves.toBeUndefined();
  });

  it('keeps the connector from calling a private address: the supplier there gets nothing', async () => {
    const supplier = await startOctoSupplier();
    try {
      const connector = createOctoConnector({ supplierId: randomUUID(), baseUrl: supplier.url, apiKey: supplier.apiKey, capabilities: [], currency: 'AED' });
      const error = await connector.listProducts().catch((caught: unknown) => caught);
      expect(isSupplierError(error) && error.code).toBe('unavailable');
      expect(supplier.requests).toEqual([]);
    } finally {
      await supplier.close();
    }
  });
});
