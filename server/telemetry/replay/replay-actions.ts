'use server';
import 'server-only';
import { z } from 'zod';
import { type ActionResult, runOpsAction } from '@/server/actions/run-action';
import { REPLAY_SESSION_ID } from '@/shared/telemetry/replay';
import { deleteAgencyReplays, deleteReplaySession, setAgencyReplaySettings } from './replay-store';

// The console's replay forms (docs/telemetry.md "## Replay"), through runOpsAction with the
// telemetry section: deleting an agency's or one session's replays, and an agency's opt-out and
// retention. Each is audited with its change (replay-store.ts).

type State = ActionResult<unknown> | null;

/** A destructive form's confirmation: a box the operator must tick (it works without JavaScript and by keyboard). */
const confirmed = z.literal('on', 'opsReplay.errors.confirm');

const deleteAgencySchema = z.object({ agencyId: z.uuid('errors.validation'), confirm: confirmed });
const deleteSessionSchema = z.object({ sessionId: z.string().regex(REPLAY_SESSION_ID, 'errors.validation'), confirm: confirmed });
const settingsSchema = z.object({
  agencyId: z.uuid('errors.validation'),
  optedOut: z
    .enum(['on', ''], 'errors.validation')
    .optional()
    .transform((value) => value === 'on'),
  retentionDays: z
    .string()
    .trim()
    .regex(/^(\d{1,4})?$/, 'opsReplay.errors.retentionDays')
    .optional()
    .transform((value) => (value ? Number(value) : null))
    .refine((value) => value === null || (value >= 1 && value <= 3650), 'opsReplay.errors.retentionDays'),
});

export const deleteAgencyReplaysAction = runOpsAction({
  schema: deleteAgencySchema,
  permission: 'ops:telemetry',
  run: (input, { staff, db }) => deleteAgencyReplays(db, staff, input.agencyId),
  revalidate: { refresh: true },
  answer: (result): State => result,
});

export const deleteReplaySessionAction = runOpsAction({
  schema: deleteSessionSchema,
  permission: 'ops:telemetry',
  run: (input, { staff, db }) => deleteReplaySession(db, staff, input.sessionId),
  revalidate: { refresh: true },
  answer: (result): State => result,
});

export const saveAgencyReplaySettingsAction = runOpsAction({
  schema: settingsSchema,
  permission: 'ops:telemetry',
  run: (input, { staff, db }) => setAgencyReplaySettings(db, staff, input.agencyId, { optedOut: input.optedOut, retentionDays: input.retentionDays }),
  revalidate: { refresh: true },
  answer: (result): State => result,
});
