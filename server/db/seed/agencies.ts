import { eq } from 'drizzle-orm';
import { agencies, ledgerEntries, users } from '../schema';
import type { Database } from '../connection';
import type { Role } from '@/shared/auth/permissions';
import { hashPassword } from '@/server/auth/password';

/** Fixed because docs, tests and checks sign in with them. */
export const DEMO_PASSWORD = 'Traveldesk!2026';

type DemoAgency = {
  id: string;
  name: string;
  domain: string;
  trn: string;
  tradeLicenceNumber: string;
  address: string;
  creditLimitMinor: number;
  /** Opening balance, AED fils: entered as the agency's first ledger entry. */
  openingBalanceMinor: number;
  agents: { role: Role; name: string; jobTitle: string; phone: string }[];
};

export const DEMO_AGENCIES: DemoAgency[] = [
  {
    id: '6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1c0001',
    name: 'Desert Rose Travel',
    domain: 'desertrose.test',
    trn: '100234567800003',
    tradeLicenceNumber: 'DED-884512',
    address: 'Office 1204, Al Attar Business Tower, Sheikh Zayed Road, Dubai',
    creditLimitMinor: 5_000_000,
    openingBalanceMinor: 1_000_000,
    agents: [
      { role: 'admin', name: 'Layla Haddad', jobTitle: 'Managing Director', phone: '+971501234501' },
      { role: 'senior', name: 'Omar Farouk', jobTitle: 'Senior Travel Consultant', phone: '+971501234502' },
      { role: 'junior', name: 'Anna Petrova', jobTitle: 'Travel Consultant', phone: '+971501234503' },
    ],
  },
  {
    id: '6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1c0002',
    name: 'Gulf Horizons Tours',
    domain: 'gulfhorizons.test',
    trn: '100345678900003',
    tradeLicenceNumber: 'AUH-CN-3319904',
    address: 'Suite 305, Al Bateen Tower, Corniche Road, Abu Dhabi',
    creditLimitMinor: 2_500_000,
    openingBalanceMinor: 250_000,
    agents: [
      { role: 'admin', name: 'Rashid Al Mansoori', jobTitle: 'General Manager', phone: '+971552345601' },
      { role: 'senior', name: 'Priya Nair', jobTitle: 'Reservations Manager', phone: '+971552345602' },
      { role: 'junior', name: 'Dmitry Volkov', jobTitle: 'Reservations Agent', phone: '+971552345603' },
    ],
  },
  {
    // Little money and no credit: shows the insufficient-balance path.
    id: '6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1c0003',
    name: 'Palm Coast Holidays',
    domain: 'palmcoast.test',
    trn: '100456789000003',
    tradeLicenceNumber: 'SHJ-552190',
    address: 'Office 12, Al Majaz 2, Buhaira Corniche, Sharjah',
    creditLimitMinor: 0,
    openingBalanceMinor: 20_000,
    agents: [
      { role: 'admin', name: 'Hana Yousef', jobTitle: 'Owner', phone: '+971563456701' },
      { role: 'senior', name: 'Sergei Orlov', jobTitle: 'Senior Agent', phone: '+971563456702' },
      { role: 'junior', name: 'Maria Santos', jobTitle: 'Agent', phone: '+971563456703' },
    ],
  },
];

export const demoSignIns = DEMO_AGENCIES.flatMap((agency) =>
  agency.agents.map((agent) => ({ agency: agency.name, role: agent.role, email: `${agent.role}@${agency.domain}` })),
);

/** Three active agencies with an admin, a senior and a junior agent each. Idempotent. */
export async function seedAgencies(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(agencies)
    .values(
      DEMO_AGENCIES.map(({ agents: _agents, domain: _domain, openingBalanceMinor: _opening, ...agency }) => ({
        ...agency,
        status: 'active' as const,
        tradeLicenceExpiry: '2027-12-31',
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(users)
    .values(
      DEMO_AGENCIES.flatMap((agency) =>
        agency.agents.map((agent) => ({
          agencyId: agency.id,
          email: `${agent.role}@${agency.domain}`,
          name: agent.name,
          phone: agent.phone,
          jobTitle: agent.jobTitle,
          role: agent.role,
          status: 'active' as const,
          passwordHash,
        })),
      ),
    )
    .onConflictDoNothing();
}

/** Each demo agency's opening balance as its first ledger entry, once. */
export async function seedOpeningBalances(db: Database): Promise<void> {
  for (const agency of DEMO_AGENCIES) {
    await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.agencyId, agency.id)).limit(1);
      if (existing) return;
      await tx.insert(ledgerEntries).values({
        agencyId: agency.id,
        kind: 'opening',
        creditMinor: agency.openingBalanceMinor,
        balanceAfterMinor: agency.openingBalanceMinor,
        description: 'Opening balance',
      });
      await tx.update(agencies).set({ balanceMinor: agency.openingBalanceMinor }).where(eq(agencies.id, agency.id));
    });
  }
}
