// Messages are split by area so that features keep their texts apart: `messages/<locale>.json`
// holds the shell and the older features, each area folder holds whole namespaces of its own.
// Areas are merged at the top level; the translations test refuses a namespace defined twice.

export const MESSAGE_AREAS = [
  'files',
  'deposits',
  'account',
  'company',
  'agents',
  'header',
  'booking-documents',
  'payment-errors',
  'payments',
  'ops',
  'ops-agencies',
  'ops-requests',
  'ops-money',
  'ops-catalog',
  'ops-settings',
  'ops-outbox',
  'ops-audit',
  'ops-staff',
  'ops-telemetry',
  'widgets',
  'widget-domains',
  'widget-sites',
  'widget-bookings',
  'api-access',
  'webhooks',
  'supplier-connection',
  'telemetry-replay',
  'search',
  'guest-handoff',
  'dashboard',
  'customer-view',
  'group-booking',
  'amendments',
  'quotes',
] as const;

type Messages = Record<string, unknown>;

export async function loadMessages(locale: string): Promise<Messages> {
  const [main, legal, ...areas] = await Promise.all([
    import(`./${locale}.json`).then((module: { default: Messages }) => module.default),
    import(`./legal/${locale}.json`).then((module: { default: Messages }) => module.default),
    ...MESSAGE_AREAS.map((area) =>
      import(`./${area}/${locale}.json`).then((module: { default: Messages }) => module.default),
    ),
  ]);
  return Object.assign({}, main, ...areas, { legal });
}
