import { DnsTestServer } from '../../tests/support/dns-server';

// The DNS the e2e server's widget-domain check asks: the tests' DNS server on a fixed
// loopback port, since the portal process is started before the specs and reads its resolver from
// the environment. The portal needs E2E_DNS_SERVER_ENV in its environment (scripts/e2e-server.mjs);
// a spec starts the server in `beforeAll`, publishes a widget's records, then presses "Check".
// One spec file at a time may hold the port: keep the specs that use it in one serial file.

export { DnsTestServer };

export const E2E_DNS_PORT = Number(process.env.E2E_DNS_PORT ?? 5353);

/** What the portal's process needs to ask this server, with a short wait for names it leaves silent. */
export const E2E_DNS_SERVER_ENV = {
  WIDGET_DNS_SERVERS: `127.0.0.1:${E2E_DNS_PORT}`,
  WIDGET_DNS_TIMEOUT_MS: '1000',
} as const;

/** The CNAME target the e2e portal expects: the default HOSTS' main host. */
export const E2E_WIDGET_CNAME_TARGET = 'widgets.localhost';

export function startE2eDnsServer(): Promise<DnsTestServer> {
  return DnsTestServer.start({ host: '127.0.0.1', port: E2E_DNS_PORT });
}
