// Request headers that Next and next-intl set and read among themselves, named nowhere in their
// public API: routing, the proxy and the forwarded-header hook depend on them
// (docs/platform-workarounds.md; each has a drift test in tests/platform/upstream-drift.test.ts).
// Relative imports only, and none here: next.config.ts loads this (through route-rules) before
// path aliases exist, and the proxy bundles it.

/**
 * Next renders a server action's redirect target in the same response, by a request to itself
 * (`http://localhost:PORT/…`) carrying the action request's headers and this one
 * (`<path>;push`); the visitor's host arrives only as `X-Forwarded-Host`.
 */
export const ACTION_REDIRECT_HEADER = 'x-action-redirect';

/** Marks an action Next forwarded to the worker that owns it, again a request to itself. */
export const ACTION_FORWARDED_HEADER = 'x-action-forwarded';

/**
 * next-intl reads the request's locale from this header where no route segment gives it: in
 * server actions, which post to the page's URL but render no layout. The proxy sets it.
 */
export const INTL_LOCALE_HEADER = 'X-NEXT-INTL-LOCALE';
