import 'server-only';
import { memberCan } from '@/shared/auth/permissions';
import { CUSTOMER_VIEW_COOKIE, isCustomerViewValue } from '@/shared/auth/customer-view';
import type { CookieList } from './session-cookie';
import type { Principal } from './principal';

// The one owner of "which price set does this page show": every place that renders a NET (b2b)
// figure, a commission or the agency's money asks these, never `memberCan` directly, so the
// customer view (shared/auth/customer-view.ts) reaches every page at once. Authorization is
// unchanged: an action or export still checks its permission with `memberCan`.

/** The price set a page shows to this principal: `net` beside retail, or `retail` alone. */
export type PriceSet = 'net' | 'retail';

/** Adds the device's customer view to a session's principal (read from the request's cookies). */
export function withCustomerView(principal: Principal, cookieList: CookieList): Principal {
  const on = cookieList.getAll().some((cookie) => cookie.name === CUSTOMER_VIEW_COOKIE && isCustomerViewValue(cookie.value));
  if (on) return { ...principal, customerView: true };
  if (!principal.customerView) return principal;
  const { customerView: _off, ...rest } = principal;
  return rest;
}

/** True while the device is in customer view. */
export function inCustomerView(principal: Principal | null): boolean {
  return principal?.customerView === true;
}

/** B2b (NET) rates, commissions and margins are shown: a role that may see them, not in customer view. */
export function seesNetRates(principal: Principal | null): boolean {
  return principal !== null && !inCustomerView(principal) && memberCan(principal, 'rates:viewB2b');
}

/** The agency's balance, credit and funds are shown: a role that may see them, not in customer view. */
export function seesAgencyMoney(principal: Principal | null): boolean {
  return principal !== null && !inCustomerView(principal) && memberCan(principal, 'balance:view');
}

export function priceSetFor(principal: Principal | null): PriceSet {
  return seesNetRates(principal) ? 'net' : 'retail';
}
