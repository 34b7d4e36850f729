import { http, HttpResponse } from 'msw';
import { configuredRealGateways } from '@/server/payments/providers/real-gateways';
import { providerServer, requestLog } from './msw-provider';

const ALL_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_51PxTravelDesk0000000000000000',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51PxTravelDesk0000000000000000',
  STRIPE_WEBHOOK_SECRET: 'whsec_5f2c9d0e8b7a4c1f9e6d3b2a1c0f9e8d',
  TAP_SECRET_KEY: 'sk_test_XKokBfNWv6FIYuTMg5sLPjhJ',
  COINBASE_COMMERCE_API_KEY: '2226376d-53a4-484a-a838-99f960a6a432',
  COINBASE_WEBHOOK_SECRET: 'b6a2c1f0-3e9d-4c7b-8a5f-1d2e3f4a5b6c',
  YOOKASSA_SHOP_ID: '506751',
  YOOKASSA_SECRET_KEY: 'test_VbRNFAHbo9ZsSYiq8Tl3ipQxRGiWZ2aIbe5KJJvRAF4',
};

const offered = (env: Record<string, string>) =>
  configuredRealGateways(env).map((gateway) => ({ id: gateway.id, methods: gateway.methods, currencies: gateway.currencies, isSandbox: gateway.isSandbox }));

const without = (...names: (keyof typeof ALL_KEYS)[]) =>
  Object.fromEntries(Object.entries(ALL_KEYS).filter(([name]) => !names.includes(name as keyof typeof ALL_KEYS)));

const server = providerServer();

describe('configuredRealGateways', () => {
  it('offers no real provider without keys', () => {
    expect(configuredRealGateways({})).toEqual([]);
  });

  it('offers each provider whose keys are all set, with its methods and currencies', () => {
    expect(offered(ALL_KEYS)).toEqual([
      { id: 'stripe', methods: ['card'], currencies: ['AED', 'USD'], isSandbox: false },
      { id: 'tap', methods: ['card'], currencies: ['AED', 'USD'], isSandbox: false },
      { id: 'coinbase', methods: ['crypto'], currencies: ['AED', 'USD'], isSandbox: false },
      { id: 'yookassa', methods: ['card', 'sbp'], currencies: ['RUB'], isSandbox: false },
    ]);
  });

  it.each([
    ['STRIPE_PUBLISHABLE_KEY', 'stripe'],
    ['STRIPE_WEBHOOK_SECRET', 'stripe'],
    ['TAP_SECRET_KEY', 'tap'],
    ['COINBASE_WEBHOOK_SECRET', 'coinbase'],
    ['COINBASE_COMMERCE_API_KEY', 'coinbase'],
    ['YOOKASSA_SHOP_ID', 'yookassa'],
    ['YOOKASSA_SECRET_KEY', 'yookassa'],
  ] as const)('leaves out a provider when %s is missing, and only that one', (missing, provider) => {
    const ids = offered(without(missing)).map((gateway) => gateway.id);

    expect(ids).not.toContain(provider);
    expect(ids).toHaveLength(3);
  });

  it('treats a blank variable as missing', () => {
    expect(offered({ ...ALL_KEYS, TAP_SECRET_KEY: '  ' }).map((gateway) => gateway.id)).toEqual(['stripe', 'coinbase', 'yookassa']);
  });

  it('hands each adapter the keys from the environment', async () => {
    const log = requestLog();
    server.use(
      http.get('https://api.tap.company/v2/charges/:id', async ({ request }) => {
        await log.record(request);
        return HttpResponse.json({ id: 'chg_TS05A4120251125x9K22710693', status: 'CAPTURED', amount: 10, currency: 'AED' });
      }),
    );
    const tap = configuredRealGateways({ TAP_SECRET_KEY: ALL_KEYS.TAP_SECRET_KEY })[0];

    await tap?.retrieve('chg_TS05A4120251125x9K22710693');

    expect(log.only().headers.get('authorization')).toBe(`Bearer ${ALL_KEYS.TAP_SECRET_KEY}`);
  });
});
