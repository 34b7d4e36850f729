import { can, memberCan, PERMISSIONS, ROLES, type Permission, type Role } from '@/shared/auth/permissions';
import { HEADER_MENU, isPublicPath, menuFor, PORTAL_ROUTES, canOpen, type PortalPath } from '@/shared/auth/route-access';

// DESIGN.md "Roles", written out by hand so that a change to the matrix fails here first.
const EXPECTED: Record<Permission, Role[]> = {
  'bookings:viewOwn': ['junior', 'senior', 'admin'],
  'bookings:create': ['junior', 'senior', 'admin'],
  'bookings:viewAll': ['senior', 'admin'],
  'rates:viewB2b': ['senior', 'admin'],
  'balance:view': ['senior', 'admin'],
  'balance:topUp': ['senior', 'admin'],
  'company:edit': ['admin'],
  'users:manage': ['admin'],
  'widgets:manage': ['admin'],
};

describe('role matrix', () => {
  it.each(Object.keys(EXPECTED) as Permission[])('%s is granted exactly to its roles', (permission) => {
    const granted = ROLES.filter((role) => can(role, permission));
    expect(granted).toEqual(EXPECTED[permission]);
  });

  it('has no permission the design does not list', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });
});

describe('header menu', () => {
  it('shows a junior agent only its own work', () => {
    expect(menuFor('junior').map((item) => item.key)).toEqual(['dashboard', 'account', 'myBookings', 'requests', 'newBooking']);
  });

  it('adds agency bookings, commissions and balance for a senior agent', () => {
    expect(menuFor('senior').map((item) => item.key)).toEqual([
      'dashboard',
      'account',
      'commissions',
      'allBookings',
      'myBookings',
      'requests',
      'newBooking',
      'quotes',
      'statement',
      'transactions',
      'topUp',
    ]);
  });

  it('gives an admin everything', () => {
    expect(menuFor('admin').map((item) => item.key)).toEqual(HEADER_MENU.map((item) => item.key));
  });

  it('never offers a page the role cannot open', () => {
    for (const role of ROLES) {
      for (const item of menuFor(role)) {
        if (item.href in PORTAL_ROUTES) expect(canOpen(role, item.href as PortalPath)).toBe(true);
      }
    }
  });
});

describe('route access', () => {
  it.each(['/', '/sign-in', '/sign-up', '/forgot-password', '/reset-password', '/terms-of-use', '/privacy-policy'])(
    '%s is public',
    (path) => expect(isPublicPath(path)).toBe(true),
  );

  it.each(['/uae', '/city/dubai', '/tour/burj-khalifa-at-the-top', '/embedded', '/embedded/checkout', '/embedded/booking/3f1c2a7e-0d5b-4c1e-9a77-5b2f1e0c9d11', '/embedded/payment/3f1c2a7e-0d5b-4c1e-9a77-5b2f1e0c9d11', '/embedded/my-booking/TD-7KQ2M9X-0123456789abcdef0123456789abcdef', '/embedded/voucher/TD-7KQ2M9X-en-tkq1c0-0123456789abcdef0123456789abcdef', '/pay/sandbox/sbx_ch_3d58acd7e5625bdbe9824361'])(
    'catalogue, widget and sandbox gateway page %s is public',
    (path) => expect(isPublicPath(path)).toBe(true),
  );

  it.each(Object.keys(PORTAL_ROUTES))('portal page %s needs a session', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });

  it('keeps unknown deeper paths behind the gate', () => {
    expect(isPublicPath('/bookings/123')).toBe(false);
    expect(isPublicPath('/tour/a/b')).toBe(false);
    expect(isPublicPath('/embedded/x/y')).toBe(false);
    expect(isPublicPath('/embedded/booking/x/y')).toBe(false);
    expect(isPublicPath('/embedded/payment/x/y')).toBe(false);
    expect(isPublicPath('/pay/sandbox/x/y')).toBe(false);
    expect(isPublicPath('/pay/x/y')).toBe(false);
  });

  it('lets a junior open its own pages only', () => {
    expect(canOpen('junior', '/my-bookings')).toBe(true);
    expect(canOpen('junior', '/my-account')).toBe(true);
    expect(canOpen('junior', '/bookings')).toBe(false);
    expect(canOpen('junior', '/balance')).toBe(false);
    expect(canOpen('senior', '/agents')).toBe(false);
    expect(canOpen('admin', '/agents')).toBe(true);
  });
});

describe('an agency the operator has not approved', () => {
  it('holds its roles\' permissions except NET rates and widgets (priced in NET)', () => {
    for (const role of ROLES) {
      for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
        const gated = permission === 'rates:viewB2b' || permission === 'widgets:manage';
        expect(memberCan({ role, agencyApproved: false }, permission)).toBe(gated ? false : can(role, permission));
        expect(memberCan({ role, agencyApproved: true }, permission)).toBe(can(role, permission));
      }
    }
  });
});
