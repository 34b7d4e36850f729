import { runRoute } from '@/server/http/run-route';

/**
 * The signed-in agent: name, e-mail, role and agency. Nothing beyond authentication, so the
 * benchmark measures it as the floor of every signed-in route handler.
 */
export const GET = runRoute({
  permission: null,
  doc: { tag: 'Account', summary: 'The signed-in agent' },
  run: async (_input, { principal }) => ({ name: principal.name, email: principal.email, role: principal.role, agencyName: principal.agencyName }),
});
