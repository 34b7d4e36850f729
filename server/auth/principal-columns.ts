import 'server-only';
import { agencyApprovedColumn } from '@/server/account/agency-standing';
import { agencies, users } from '@/server/db/schema';

/**
 * The columns an agent's principal is read from (`users` joined with `agencies`): the session's
 * query (server/auth/principal.ts) and an API key's (server/api-access/api-keys.ts). Its own
 * module, free of the page helpers principal.ts brings, so scripts and the API read it alone.
 */
export const principalColumns = {
  userId: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  agencyId: users.agencyId,
  agencyName: agencies.name,
  agencyApproved: agencyApprovedColumn,
};
