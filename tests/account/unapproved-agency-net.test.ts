import { eq } from 'drizzle-orm';
import { approveAgency } from '@/server/account/approve-agency';
import { startSession } from '@/server/auth/sessions';
import { loadPrincipal } from '@/server/auth/principal';
import { getAgentTourDetails } from '@/server/catalog/agent-details';
import { assertCanSeeCommissions } from '@/server/commissions/queries';
import { agencies } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import { Forbidden } from '@/server/errors';
import { memberCan } from '@/shared/auth/permissions';
import { DESERT_ROSE, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// An agency the operator has not approved sees no NET rate anywhere (a verified e-mail is not an
// approval): the principal carries the agency's standing, and every NET read asks memberCan.

let live: TestDatabase;
const TOUR = 'burj-khalifa-at-the-top';

beforeAll(async () => {
  live = await createTestDatabase();
  await seedAgencies(live.db);
  await seedCatalogue(live.db, { today: new Date('2026-11-21T08:00:00Z') });
  await live.db.update(agencies).set({ status: 'pending' }).where(eq(agencies.id, DESERT_ROSE));
});
afterAll(() => live.dispose());

async function sessionPrincipal(email: string) {
  const { userId } = await principalFor(live.db, email);
  return loadPrincipal(live.db, { userId, sessionId: await startSession(live.db, 'agent', userId), kind: 'agent' });
}

describe('an agency awaiting approval', () => {
  it('signs in as a principal whose agency is not approved, and its admin may not see NET rates, commissions or widgets', async () => {
    const admin = await sessionPrincipal('admin@desertrose.test');
    expect(admin).toMatchObject({ role: 'admin', agencyApproved: false });
    expect(memberCan(admin!, 'rates:viewB2b')).toBe(false);
    expect(memberCan(admin!, 'widgets:manage')).toBe(false);
    // What needs no approval stays: the agency's own settings and agents.
    expect(memberCan(admin!, 'company:edit')).toBe(true);
    expect(() => assertCanSeeCommissions(admin!)).toThrow(Forbidden);
  });

  it('gets the tour page without NET rates (notes to agents still show)', async () => {
    const senior = await sessionPrincipal('senior@desertrose.test');
    const details = await getAgentTourDetails(live.db, senior!, TOUR);
    expect(details).not.toBeNull();
    expect(details!.b2b).toBeNull();
  });

  it('sees NET again once the operator approves it, as an approved agency always does', async () => {
    const approvedElsewhere = await sessionPrincipal('senior@gulfhorizons.test');
    expect(approvedElsewhere).toMatchObject({ agencyApproved: true });
    expect((await getAgentTourDetails(live.db, approvedElsewhere!, TOUR))!.b2b).not.toHaveLength(0);

    await approveAgency(live.db, DESERT_ROSE);
    const senior = await sessionPrincipal('senior@desertrose.test');
    expect(senior).toMatchObject({ agencyApproved: true });
    expect((await getAgentTourDetails(live.db, senior!, TOUR))!.b2b).not.toHaveLength(0);
  });
});
