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

export async function createStaffAction(_previous: unknown, formData: FormData): Promise<ActionResult<StaffInvitationView>> {
  return runOpsAction(
    {
      schema: createStaffSchema,
      permission: 'ops:staff',
      invalidMessage: 'opsStaff.invalid',
      run: async (input, { staff, db }) => createStaff(db, staff, input, { origin: linkOrigin(await headers()) }),
    },
    Object.fromEntries(formData),
  );
}

export async function changeStaffRoleAction(_previous: unknown, formData: FormData): Promise<ActionResult<null>> {
  return runOpsAction(
    { schema: staffRoleSchema, permission: 'ops:staff', run: async (input, { staff, db }) => (await changeStaffRole(db, staff, input.staffId, input.role), null) },
    Object.fromEntries(formData),
  );
}

export async function setStaffStatusAction(_previous: unknown, formData: FormData): Promise<ActionResult<null>> {
  return runOpsAction(
    { schema: staffStatusSchema, permission: 'ops:staff', run: async (input, { staff, db }) => (await setStaffStatus(db, staff, input.staffId, input.status), null) },
    Object.fromEntries(formData),
  );
}

export async function resetStaffFactorAction(_previous: unknown, formData: FormData): Promise<ActionResult<StaffInvitationView>> {
  return runOpsAction(
    { schema: staffTargetSchema, permission: 'ops:staff', run: async (input, { staff, db }) => resetStaffSecondFactor(db, staff, input.staffId, { origin: linkOrigin(await headers()) }) },
    Object.fromEntries(formData),
  );
}

export async function renewStaffCodesAction(_previous: unknown, formData: FormData): Promise<ActionResult<{ email: string; recoveryCodes: string[] }>> {
  return runOpsAction({ schema: staffTargetSchema, permission: 'ops:staff', run: (input, { staff, db }) => renewStaffRecoveryCodes(db, staff, input.staffId) }, Object.fromEntries(formData));
}
