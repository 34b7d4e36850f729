// The role matrix (DESIGN.md "Roles"). Pure: the proxy, the header menu and every server
// function read it, so it must stay free of server-only imports.

export const ROLES = ['junior', 'senior', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const EVERY_ROLE = ROLES;
const SENIOR_AND_ADMIN = ['senior', 'admin'] as const satisfies readonly Role[];
const ADMIN_ONLY = ['admin'] as const satisfies readonly Role[];

export const PERMISSIONS = {
  'bookings:viewOwn': EVERY_ROLE,
  'bookings:create': EVERY_ROLE,
  'bookings:viewAll': SENIOR_AND_ADMIN,
  'rates:viewB2b': SENIOR_AND_ADMIN,
  'balance:view': SENIOR_AND_ADMIN,
  'balance:topUp': SENIOR_AND_ADMIN,
  'company:edit': ADMIN_ONLY,
  'users:manage': ADMIN_ONLY,
  'widgets:manage': ADMIN_ONLY,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The rows of the user-roles info table (spec §2/§6), in the order the spec lists them. */
export const ROLE_TABLE: { action: string; permission: Permission }[] = [
  { action: 'viewAgentBookings', permission: 'bookings:viewOwn' },
  { action: 'viewAllAgencyBookings', permission: 'bookings:viewAll' },
  { action: 'viewB2bRates', permission: 'rates:viewB2b' },
  { action: 'makeNewBookings', permission: 'bookings:create' },
  { action: 'editCompanyDetails', permission: 'company:edit' },
  { action: 'createOrModifyUsers', permission: 'users:manage' },
  { action: 'viewAccountBalances', permission: 'balance:view' },
  { action: 'widgets', permission: 'widgets:manage' },
];
