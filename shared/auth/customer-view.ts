/**
 * Customer view: while a guest looks at the agent's screen, the portal shows the retail prices
 * and no b2b/NET figure, commission or balance. It is a display preference of this device, kept
 * in a cookie that the server reads before it renders (so the first HTML is already right: the
 * NET amount never reaches the browser) and the header's switch reads in the browser.
 *
 * The cookie is not HttpOnly: it grants nothing (the agent may turn it off at any moment), and the
 * switch on a static page reads it without a round trip. It is not a security boundary: the
 * permissions (`rates:viewB2b`, `balance:view`) stay what they are.
 */
export const CUSTOMER_VIEW_COOKIE = 'td-customer-view';

/** A year: "remembered per device" until the agent turns it off. */
export const CUSTOMER_VIEW_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The cookie's value when the view is on; any other value (or none) is off. */
export const CUSTOMER_VIEW_ON = '1';

export function isCustomerViewValue(value: string | undefined | null): boolean {
  return value === CUSTOMER_VIEW_ON;
}

/** Reads the view from a `document.cookie`-style header string. */
export function customerViewOfCookieHeader(header: string): boolean {
  return header.split(';').some((part) => {
    const [name, ...rest] = part.trim().split('=');
    return name === CUSTOMER_VIEW_COOKIE && isCustomerViewValue(rest.join('='));
  });
}
