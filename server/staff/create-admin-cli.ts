// `npm run ops:create-admin -- --email you@example.com --name "Your Name"`: the first operator
// admin of a production deployment, with a one-time link where they choose their own password and
// enrol their own authenticator. Refused once an active operator admin exists (they invite the
// rest in the console). On the embedded database, stop the portal first (one owner per directory).
import 'server-only';
import { parseArgs } from 'node:util';
import { databaseConfigFromEnv, openDatabase } from '@/server/db/connection';
import { migrateDatabase } from '@/server/db/migrate';
import { isDomainError } from '@/server/errors';
import { publicOrigin } from '@/server/hosts/seo';
import en from '@/messages/ops-staff/en.json';
import { createFirstOperatorAdmin, ENROLMENT_LINK_DAYS, enrolmentPath } from './staff-enrolment';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  const email = values.email?.trim();
  const name = values.name?.trim() || email?.split('@')[0];
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !name) {
    throw new Error('Usage: npm run ops:create-admin -- --email you@example.com --name "Your Name"');
  }
  const connection = await openDatabase(databaseConfigFromEnv());
  try {
    await migrateDatabase(connection);
    const admin = await createFirstOperatorAdmin(connection.db, { email, name });
    console.info(
      [
        `Operator admin ${admin.email} created. Open this one-time link (valid ${ENROLMENT_LINK_DAYS} days) to choose a password`,
        'and enrol your own authenticator; nobody else ever sees the secret:',
        '',
        `  ${publicOrigin('main')}${enrolmentPath(admin.token)}`,
        '',
      ].join('\n'),
    );
  } catch (error) {
    if (isDomainError(error, 'ruleViolation')) {
      // The console's English texts; the one value they take is plain (no plural forms).
      const texts: Record<string, string> = { ...en.opsStaff.errors, ...en.opsEnrol.errors };
      const text = texts[error.code.split('.errors.')[1] ?? ''] ?? error.code;
      throw new Error(text.replace(/\{(\w+)\}/g, (_, name: string) => String(error.values[name] ?? '')));
    }
    throw error;
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
