// The role matrix (DESIGN.md "Roles" and "Staff"). Pure: the proxy, the header menu and every
// server function read it, so it must stay free of server-only imports. Agency roles and staff
// roles share the one matrix and no permission: an agent never holds an `ops:` permission and
// staff never hold an agency's.

/** Roles of an agency's agents. */
export const ROLES = ['junior', 'senior', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles of the people who run the portal: `operator-admin` also manages staff. */
export const STAFF_ROLES = ['operator', 'operator-admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const EVERY_ROLE = ROLES;
const SENIOR_AND_ADMIN = ['senior', 'admin'] as const satisfies readonly Role[];
const ADMIN_ONLY = ['admin'] as const satisfies readonly Role[];
const EVERY_STAFF_ROLE = STAFF_ROLES;
const OPERATOR_ADMIN_ONLY = ['operator-admin'] as const satisfies readonly StaffRole[];

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

/** The operator console's sections (`/ops`), for staff only. */
export const OPS_PERMISSIONS = {
  'ops:dashboard': EVERY_STAFF_ROLE,
  'ops:agencies': EVERY_STAFF_ROLE,
  'ops:requests': EVERY_STAFF_ROLE,
  'ops:money': EVERY_STAFF_ROLE,
  'ops:catalog': EVERY_STAFF_ROLE,
  'ops:settings': EVERY_STAFF_ROLE,
  'ops:outbox': EVERY_STAFF_ROLE,
  'ops:audit': EVERY_STAFF_ROLE,
  'ops:staff': OPERATOR_ADMIN_ONLY,
  // Suppliers hold API keys that book and spend in the portal's name: the operator admin's.
  'ops:suppliers': OPERATOR_ADMIN_ONLY,
  // Browser telemetry and session replays (docs/telemetry.md): what agents and visitors did and
  // saw, with the agent's e-mail. Personal data, so the operator admin's, the least access that
  // runs the portal.
  'ops:telemetry': OPERATOR_ADMIN_ONLY,
} as const satisfies Record<`ops:${string}`, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;
export type OpsPermission = keyof typeof OPS_PERMISSIONS;

/**
 * What an agency may do only once the operator has approved it: until then its agents see no NET
 * (b2b) rate anywhere, whatever their role (an e-mail check is not an approval), and so no widget
 * editor either (its offer table is priced in NET).
 */
const NEEDS_APPROVED_AGENCY: ReadonlySet<Permission> = new Set(['rates:viewB2b', 'widgets:manage']);

/**
 * What an agency's API key may be used for, chosen by its admin when the key is made. A key holds
 * only the permissions of its scopes, and never more than its creator's role
 * (docs/decisions/api-key-principal.md); managing agents or widgets is for people only.
 */
// `octo` comes last: a permission's own scope (scopeOfPermission) is the first that holds it, so
// an `octo` key calls only the routes that name it (`/api/octo`), never the `/api/v1` ones.
export const API_SCOPES = ['catalogue', 'book', 'bookings', 'balance', 'agency', 'octo'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_PERMISSIONS = {
  catalogue: ['rates:viewB2b'],
  book: ['bookings:create'],
  bookings: ['bookings:viewOwn', 'bookings:viewAll'],
  balance: ['balance:view', 'balance:topUp'],
  agency: ['company:edit'],
  /** OCTO for resellers (docs/octo-api.md): read the catalogue at NET, reserve, pay from the balance, read and cancel. */
  octo: ['rates:viewB2b', 'bookings:create', 'bookings:viewOwn', 'bookings:viewAll'],
} as const satisfies Record<ApiScope, readonly Permission[]>;

export function isApiScope(value: unknown): value is ApiScope {
  return typeof value === 'string' && (API_SCOPES as readonly string[]).includes(value);
}

/** The scope a call gated by `permission` needs from an API key; null for a permission no key holds. */
export function scopeOfPermission(permission: Permission): ApiScope | null {
  return API_SCOPES.find((scope) => (API_SCOPE_PERMISSIONS[scope] as readonly Permission[]).includes(permission)) ?? null;
}

/** Present when the agent acts through an API key: the key and the scopes it was given. */
export type ApiKeyGrant = { apiKeyId: string; scopes: readonly ApiScope[] };

/** An agent as the permission checks need them: their role, whether their agency is approved, and the key they act through, if any. */
export type AgencyMember = { role: Role; agencyApproved: boolean; via?: ApiKeyGrant | undefined };

/**
 * `can` for a signed-in agent: their role's permission, held only by an approved agency where it
 * needs one, and through an API key only within the key's scopes. Every check of an agent's
 * permission, on pages, actions and routes, goes through here, so a key's scopes narrow the same
 * checks the pages make.
 */
export function memberCan(member: AgencyMember, permission: Permission): boolean {
  if (member.via && !member.via.scopes.some((scope) => (API_SCOPE_PERMISSIONS[scope] as readonly Permission[]).includes(permission))) return false;
  return can(member.role, permission) && (member.agencyApproved || !NEEDS_APPROVED_AGENCY.has(permission));
}

export function can(role: Role | StaffRole, permission: Permission | OpsPermission): boolean {
  const allowed: readonly string[] = permission in PERMISSIONS ? PERMISSIONS[permission as Permission] : OPS_PERMISSIONS[permission as OpsPermission];
  return allowed.includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
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
