'use server';

import 'server-only';
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
export const checkWidgetDomainAction = runAction({
  schema: checkInput,
  input: (widgetId: string) => ({ widgetId }),
  permission: 'widgets:manage',
  run: async (input, { principal, db }) => {
    // A malformed id names no widget of the agency: the same answer as another agency's id.
    const id = widgetIdSchema.safeParse(input.widgetId);
    if (!id.success) throw new NotFound();
    return checkWidgetDomain(db, principal, id.data);
  },
  // The editor page reads the stored state again: the status badge, the records' marks, the time.
  revalidate: { refresh: true },
  answer: (result): ActionResult<WidgetDomainState> => result,
});
