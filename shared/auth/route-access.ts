// Which paths are public, which permission each portal page needs, and the header menu.
// Pure: the proxy (gate), pages (guards) and the header (menu) share this one table.
import { can, type OpsPermission, type Permission, type Role, type StaffRole } from './permissions';

/** `null` means every signed-in agent may open it. Keys are locale-free paths. */
export const PORTAL_ROUTES = {
  '/my-account': null,
  // The agent's day at a glance, where an agency user lands after signing in (docs/dashboard.md).
  '/dashboard': 'bookings:viewOwn',
  '/my-bookings': 'bookings:viewOwn',
  '/requests': 'bookings:viewOwn',
  '/checkout': 'bookings:create',
  // Group booking from a spreadsheet: every row is a checkout of its own.
  '/group-booking': 'bookings:create',
  // A payment's result: loadPaymentResult shows an agent only its agency's payments.
  '/pay': null,
  '/bookings': 'bookings:viewAll',
  '/my-commissions': 'rates:viewB2b',
  '/balance': 'balance:view',
  '/balance/transactions': 'balance:view',
  '/top-up': 'balance:topUp',
  '/my-agencies': 'company:edit',
  '/agents': 'users:manage',
  '/widgets': 'widgets:manage',
  '/widgets/new': 'widgets:manage',
  // Guest quotes are priced on the NET: seniors and admins.
  '/quotes': 'rates:viewB2b',
  '/quotes/new': 'rates:viewB2b',
} as const satisfies Record<string, Permission | null>;

export type PortalPath = keyof typeof PORTAL_ROUTES;

const PUBLIC_PAGES = new Set([
  '/',
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/terms-of-use',
  '/privacy-policy',
  // Widget pages are framed on agencies' own sites for their (anonymous) customers.
  '/embedded',
  '/embedded/checkout',
  // The API reference: an integrator reads it before their agency has an account.
  '/api/docs',
]);

/** The operator console: staff only, on the main host, with its own sign-in. */
export const OPS_SIGN_IN = '/ops/sign-in';
/** A staff member's one-time enrolment link, `/ops/enrol/<token>`: opened signed out. */
export const OPS_ENROL_PREFIX = '/ops/enrol/';

export function isOpsPath(pathname: string): boolean {
  return pathname === '/ops' || pathname.startsWith('/ops/');
}

/** First path segments that belong to the signed-in portal or the console, never to a country page. */
const PORTAL_SEGMENTS = new Set([...Object.keys(PORTAL_ROUTES).map((path) => path.split('/')[1]), 'ops']);

/**
 * Home, auth and legal pages, the public catalogue: `/[country]`, `/city/[city]`, `/tour/[slug]`,
 * `/embedded/payment/[bookingId]`, where an embed's guest (no account) goes on to pay,
 * `/embedded/booking/[paymentId]`, where that guest returns from paying,
 * `/embedded/my-booking/[token]`, where the confirmation mail takes that guest,
 * `/embedded/voucher/[token]`, the voucher link an agent sends a guest (mail, WhatsApp), and
 * `/pay/sandbox/[chargeId]`, the sandbox gateway's hosted page: like a provider's, it is opened by
 * whoever holds the charge's link (an embed's guest pays there), and shows no portal data, and
 * `/quote/[token]`, an agency's guest quote, opened by whoever holds its signed link.
 */
export function isPublicPath(pathname: string): boolean {
  if (PUBLIC_PAGES.has(pathname)) return true;
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 1) return !PORTAL_SEGMENTS.has(segments[0]!);
  if (segments.length === 3) return (segments[0] === 'embedded' && ['booking', 'my-booking', 'payment', 'voucher'].includes(segments[1]!)) || (segments[0] === 'pay' && segments[1] === 'sandbox');
  return segments.length === 2 && (segments[0] === 'tour' || segments[0] === 'city' || segments[0] === 'quote');
}

export function portalPermission(path: PortalPath): Permission | null {
  return PORTAL_ROUTES[path];
}

export function canOpen(role: Role, path: PortalPath): boolean {
  const permission = portalPermission(path);
  return permission === null || can(role, permission);
}

type MenuEntry = { key: string; href: string; permission: Permission | null };

/** Spec §2's header menu, in its order; portal entries need what their page needs. */
export const HEADER_MENU = [
  { key: 'dashboard', href: '/dashboard', permission: PORTAL_ROUTES['/dashboard'] },
  { key: 'account', href: '/my-account', permission: PORTAL_ROUTES['/my-account'] },
  { key: 'commissions', href: '/my-commissions', permission: PORTAL_ROUTES['/my-commissions'] },
  { key: 'allBookings', href: '/bookings', permission: PORTAL_ROUTES['/bookings'] },
  { key: 'myBookings', href: '/my-bookings', permission: PORTAL_ROUTES['/my-bookings'] },
  { key: 'requests', href: '/requests', permission: PORTAL_ROUTES['/requests'] },
  // A booking starts from a tour, so New Booking opens the catalogue.
  { key: 'newBooking', href: '/', permission: 'bookings:create' },
  { key: 'quotes', href: '/quotes', permission: PORTAL_ROUTES['/quotes'] },
  { key: 'statement', href: '/balance', permission: PORTAL_ROUTES['/balance'] },
  { key: 'transactions', href: '/balance/transactions', permission: PORTAL_ROUTES['/balance/transactions'] },
  { key: 'topUp', href: '/top-up', permission: PORTAL_ROUTES['/top-up'] },
  { key: 'companySettings', href: '/my-agencies', permission: PORTAL_ROUTES['/my-agencies'] },
  { key: 'widgets', href: '/widgets', permission: PORTAL_ROUTES['/widgets'] },
  { key: 'agents', href: '/agents', permission: PORTAL_ROUTES['/agents'] },
] as const satisfies readonly MenuEntry[];

export type MenuItem = (typeof HEADER_MENU)[number];
export type MenuKey = MenuItem['key'];

/** The header menu items a role sees (Logout is always last and not listed here). */
export function menuFor(role: Role): MenuItem[] {
  return HEADER_MENU.filter((item) => item.permission === null || can(role, item.permission));
}

/** The console's sections in menu order, each with the permission its pages and actions need. */
export const OPS_SECTIONS = [
  { key: 'dashboard', href: '/ops', permission: 'ops:dashboard' },
  { key: 'agencies', href: '/ops/agencies', permission: 'ops:agencies' },
  { key: 'requests', href: '/ops/requests', permission: 'ops:requests' },
  { key: 'money', href: '/ops/money', permission: 'ops:money' },
  { key: 'catalog', href: '/ops/catalog', permission: 'ops:catalog' },
  { key: 'suppliers', href: '/ops/suppliers', permission: 'ops:suppliers' },
  { key: 'settings', href: '/ops/settings', permission: 'ops:settings' },
  { key: 'outbox', href: '/ops/outbox', permission: 'ops:outbox' },
  { key: 'audit', href: '/ops/audit', permission: 'ops:audit' },
  { key: 'telemetry', href: '/ops/telemetry', permission: 'ops:telemetry' },
  { key: 'staff', href: '/ops/staff', permission: 'ops:staff' },
] as const satisfies readonly { key: string; href: string; permission: OpsPermission }[];

export type OpsSection = (typeof OPS_SECTIONS)[number];

export function opsMenuFor(role: StaffRole): OpsSection[] {
  return OPS_SECTIONS.filter((section) => can(role, section.permission));
}
