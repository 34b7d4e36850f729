'use server';

import 'server-only';
import { type ActionResult, runOpsAction } from '@/server/actions/run-action';
import { headers } from 'next/headers';
import { linkOrigin } from '@/server/http/link-origin';
import { changeStaffRole, createStaff, renewStaffRecoveryCodes, resetStaffSecondFactor, setStaffStatus, type StaffInvitationView } from './manage-staff';
import { createStaffSchema, staffRoleSchema, staffStatusSchema, staffTargetSchema } from './staff-schemas';

// Staff management's actions: operator admin only (`ops:staff`), through runOpsAction.

export type InvitationResult = ActionResult<StaffInvitationView> | null;
export type RecoveryCodesResult = ActionResult<{ email: string; recoveryCodes: string[] }> | null;

async function mailOrigin() {
  return { origin: linkOrigin(await headers()) };
}

export const createStaffAction = runOpsAction({
  schema: createStaffSchema,
  permission: 'ops:staff',
  invalidMessage: 'opsStaff.invalid',
  run: async (input, { staff, db }) => createStaff(db, staff, input, await mailOrigin()),
});

export const changeStaffRoleAction = runOpsAction({
  schema: staffRoleSchema,
  permission: 'ops:staff',
  run: async (input, { staff, db }) => (await changeStaffRole(db, staff, input.staffId, input.role), null),
});

export const setStaffStatusAction = runOpsAction({
  schema: staffStatusSchema,
  permission: 'ops:staff',
  run: async (input, { staff, db }) => (await setStaffStatus(db, staff, input.staffId, input.status), null),
});

export const resetStaffFactorAction = runOpsAction({
  schema: staffTargetSchema,
  permission: 'ops:staff',
  run: async (input, { staff, db }) => resetStaffSecondFactor(db, staff, input.staffId, await mailOrigin()),
});

export const renewStaffCodesAction = runOpsAction({
  schema: staffTargetSchema,
  permission: 'ops:staff',
  run: (input, { staff, db }) => renewStaffRecoveryCodes(db, staff, input.staffId),
});
