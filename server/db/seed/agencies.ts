import { users, agencies } from '../schema';
import type { Database } from '../connection';
import type { Role } from '@/server/auth/permissions';
import { hashPassword } from '@/server/auth/password';

/** Fixed because docs, tests and checks sign in with them (issue 2). */
export const DEMO_PASSWORD = 'Traveldesk!2026';

type DemoAgency = {
  id: string;
  name: string;
  domain: string;
  trn: string;
  tradeLicenceNumber: string;
  address: string;
  creditLimitMinor: number;
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
    agents: [
      { role: 'admin', name: 'Rashid Al Mansoori', jobTitle: 'General Manager', phone: '+971552345601' },
      { role: 'senior', name: 'Priya Nair', jobTitle: 'Reservations Manager', phone: '+971552345602' },
      { role: 'junior', name: 'Dmitry Volkov', jobTitle: 'Reservations Agent', phone: '+971552345603' },
    ],
  },
];

export const demoSignIns = DEMO_AGENCIES.flatMap((agency) =>
  agency.agents.map((agent) => ({ agency: agency.name, role: agent.role, email: `${agent.role}@${agency.domain}` })),
);

/** Two active agencies with an admin, a senior and a junior agent each. Idempotent. */
export async function seedAgencies(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(agencies)
    .values(
      DEMO_AGENCIES.map(({ agents: _agents, domain: _domain, ...agency }) => ({
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
