'use server';

import 'server-only';
import { refresh } from 'next/cache';
import { z } from 'zod';
import { type ActionResult, runAction } from '@/server/actions/run-action';
import { NotFound } from '@/server/errors';
import type { WidgetDomainState } from '../widget-queries';
import { checkWidgetDomain } from './check-domain';

const checkInput = z.object({ widgetId: z.string().max(100) });
const widgetIdSchema = z.uuid();

/**
 * The domain panel's "Check" (admins only), called by its button: the panel sits inside the
 * editor's form, where a form of its own cannot be. Whatever a caller sends as the id is parsed.
 */
export async function checkWidgetDomainAction(widgetId: string): Promise<ActionResult<WidgetDomainState>> {
  const result = await runAction(
    {
      schema: checkInput,
      permission: 'widgets:manage',
      run: async (input, { principal, db }) => {
        // A malformed id names no widget of the agency: the same answer as another agency's id.
        const id = widgetIdSchema.safeParse(input.widgetId);
        if (!id.success) throw new NotFound();
        return checkWidgetDomain(db, principal, id.data);
      },
    },
    { widgetId },
  );
  // The editor page reads the stored state again: the status badge, the records' marks, the time.
  if (result.ok) refresh();
  return result;
}
