// The import rules of the house (docs/decisions/import-rules.md), checked by
// tests/lint/import-rules.test.ts and by hand with `npx depcruise server app components shared`.
// Each rule names what it keeps apart and why; a path in `pathNot` is a deliberate exception.

/** The entry points of server/payments that bookings may call: the stock hold's timing and expiry job,
 * the refund of a provider payment a cancellation makes, and the gateway registry. */
const PAYMENTS_ENTRY_POINTS = '^server/payments/(holds|refunds|gateways|gateway)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circle-in-server',
      comment:
        'A circle in server/ makes load order matter and every module of it one unit: the money path was one ' +
        '(bookings → payments → widgets mail → bookings). Type-only imports are erased and do not count. ' +
        "server/db's health probe loads the database lazily (`import()`), so a lost connection can be " +
        'reported by the database module it probes: a deliberate, lazy circle.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/db/(health|database)\\.ts$' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'bookings-use-payments-entry-points',
      comment:
        "Bookings call payments only through its entry points, never its internals (settlement, providers, start): " +
        'payments move bookings (through server/bookings/booking-status.ts), not the other way round.',
      severity: 'error',
      from: { path: '^server/bookings/' },
      to: { path: '^server/payments/', pathNot: PAYMENTS_ENTRY_POINTS },
    },
    {
      name: 'payments-not-widgets',
      comment: 'A settled payment answers what changed; the follow-ups (the guest mail) are server/checkout/settlement.ts\'s.',
      severity: 'error',
      from: { path: '^server/payments/' },
      to: { path: '^server/widgets/' },
    },
    {
      name: 'checkout-is-on-top',
      comment: 'server/checkout orchestrates bookings, payments and widgets; they never import it back.',
      severity: 'error',
      from: { path: '^server/(bookings|payments)/' },
      to: { path: '^server/checkout/' },
    },
    {
      name: 'domains-not-ops',
      comment: "The console (server/ops) uses the domains; a rule the agent side needs lives in its domain, not the console's folder.",
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/ops/' },
      to: { path: '^server/ops/' },
    },
    {
      name: 'components-not-db',
      comment:
        'Pages load, components render: a component gets plain data from a loader in server/<domain>, never the database. ' +
        'Type-only imports (a column type) are not database access.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^server/db/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|\\.data)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
