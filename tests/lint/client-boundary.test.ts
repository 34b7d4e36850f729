import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { RuleTester } from 'eslint';
import { clientBoundary } from '@/eslint/client-boundary.mjs';

// The lint rules that keep server-only code out of the browser, run on the repository's own modules.
const root = path.resolve(__dirname, '../..');
const tester = new RuleTester({ languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' } });
const file = (relative: string) => path.join(root, relative);

tester.run('client-imports', clientBoundary.rules['client-imports'], {
  valid: [
    { code: "'use client';\nimport { formatMoney } from '@/shared/money/money';", filename: file('components/x.tsx') },
    { code: "'use client';\nimport type { AgentRow } from '@/server/agents/agent-queries';", filename: file('components/x.tsx') },
    { code: "'use client';\nimport { type AgentRow } from '@/server/agents/agent-queries';", filename: file('components/x.tsx') },
    // A server action module ('use server') is a reference the browser calls, not code it loads.
    { code: "'use client';\nimport { signInAction } from '@/server/auth/auth-actions';", filename: file('components/x.tsx') },
    // Server components may import anything.
    { code: "import { getDb } from '@/server/db/database';", filename: file('components/x.tsx') },
  ],
  invalid: [
    {
      code: "'use client';\nimport { getDb } from '@/server/db/database';",
      filename: file('components/x.tsx'),
      errors: [{ messageId: 'serverModule' }],
    },
    {
      code: "'use client';\nimport { AgentRow, listAgents } from '@/server/agents/agent-queries';",
      filename: file('components/x.tsx'),
      errors: [{ messageId: 'serverModule' }],
    },
  ],
});

tester.run('shared-stays-client-safe', clientBoundary.rules['shared-stays-client-safe'], {
  valid: [
    { code: "import { z } from 'zod';\nimport { can } from '@/shared/auth/permissions';", filename: file('shared/x.ts') },
    { code: "import type { filePurpose } from '@/server/db/schema';", filename: file('shared/x.ts') },
    { code: "import 'server-only';", filename: file('server/bookings/x.ts') },
  ],
  invalid: [
    { code: "import 'server-only';", filename: file('shared/x.ts'), errors: [{ messageId: 'serverOnly' }] },
    { code: "import { getDb } from '@/server/db/database';", filename: file('shared/x.ts'), errors: [{ messageId: 'serverOnly' }] },
    { code: "import fs from 'node:fs';", filename: file('shared/x.ts'), errors: [{ messageId: 'serverOnly' }] },
  ],
});
