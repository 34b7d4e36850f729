import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { RuleTester } from 'eslint';
import { componentsRenderProps } from '@/eslint/components-render-props.mjs';

// Pages load, components render: the lint rule that keeps the database out of components/.
const root = path.resolve(__dirname, '../..');
const tester = new RuleTester({ languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' } });
const file = (relative: string) => path.join(root, relative);
const component = file('components/bookings/lists/x.tsx');

tester.run('no-database', componentsRenderProps.rules['no-database'], {
  valid: [
    // Data arrives as props; a loader's result type crosses as a type.
    { code: "import type { BookingListData } from '@/server/checkout/booking-list-data';", filename: component },
    { code: "import type { LocalizedText } from '@/server/db/schema';", filename: component },
    { code: "import { type LocalizedText } from '@/server/db/schema';", filename: component },
    { code: "export type { LocalizedText } from '@/server/db/schema';", filename: component },
    { code: "import { formatMoney } from '@/shared/money/money';", filename: component },
    // Pages and server/ load: the rule is about components/ only.
    { code: "import { getDb } from '@/server/db/database';", filename: file('app/[locale]/[variant]/(portal)/bookings/page.tsx') },
    { code: "import { and, eq } from 'drizzle-orm';", filename: file('server/bookings/list-queries.ts') },
  ],
  invalid: [
    { code: "import { getDb } from '@/server/db/database';", filename: component, errors: [{ messageId: 'database' }] },
    { code: "import { bookings } from '@/server/db/schema';", filename: component, errors: [{ messageId: 'database' }] },
    { code: "import { bookings, type LocalizedText } from '@/server/db/schema';", filename: component, errors: [{ messageId: 'database' }] },
    { code: "import * as db from '@/server/db';", filename: component, errors: [{ messageId: 'database' }] },
    { code: "import { and, eq } from 'drizzle-orm';", filename: component, errors: [{ messageId: 'database' }] },
    { code: "import { pgTable } from 'drizzle-orm/pg-core';", filename: component, errors: [{ messageId: 'database' }] },
    { code: "import { getDb } from '../../../server/db/database';", filename: component, errors: [{ messageId: 'database' }] },
    { code: "export { getDb } from '@/server/db/database';", filename: component, errors: [{ messageId: 'database' }] },
    { code: "const { getDb } = await import('@/server/db/database');", filename: component, errors: [{ messageId: 'database' }] },
  ],
});
