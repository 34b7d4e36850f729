'use server';

import 'server-only';
import { type ActionResult, runOpsAction } from '@/server/actions/run-action';
import { adjustLedger, creditDeposit, markRefundedManually, rejectDeposit } from './money-decisions';
import { creditDepositSchema, ledgerAdjustmentSchema, markRefundedSchema, rejectDepositSchema } from './money-schema';

// The money page's forms (components/ops/money), through runOpsAction with `ops:money`.

type State = ActionResult<unknown> | null;

function fields(formData: FormData): Record<string, unknown> {
  return Object.fromEntries([...formData.entries()].filter(([name, value]) => typeof value === 'string' && !name.startsWith('$')));
}

export async function creditDepositAction(_previous: State, formData: FormData) {
  return runOpsAction({ schema: creditDepositSchema, permission: 'ops:money', run: (input, { staff, db }) => creditDeposit(db, staff, input.noticeId) }, fields(formData));
}

export async function rejectDepositAction(_previous: State, formData: FormData) {
  return runOpsAction({ schema: rejectDepositSchema, permission: 'ops:money', run: (input, { staff, db }) => rejectDeposit(db, staff, input.noticeId, input.reason) }, fields(formData));
}

export async function adjustLedgerAction(_previous: State, formData: FormData) {
  return runOpsAction({ schema: ledgerAdjustmentSchema, permission: 'ops:money', run: (input, { staff, db }) => adjustLedger(db, staff, input) }, fields(formData));
}

export async function markRefundedAction(_previous: State, formData: FormData) {
  return runOpsAction({ schema: markRefundedSchema, permission: 'ops:money', run: (input, { staff, db }) => markRefundedManually(db, staff, input) }, fields(formData));
}
