'use server';

import 'server-only';
import { runOpsAction } from '@/server/actions/run-action';
import { adjustLedger, creditDeposit, markRefundedManually, rejectDeposit } from './money-decisions';
import { creditDepositSchema, ledgerAdjustmentSchema, markRefundedSchema, rejectDepositSchema } from './money-schema';

// The money page's forms (components/ops/money), through runOpsAction with `ops:money`.

export const creditDepositAction = runOpsAction({
  schema: creditDepositSchema,
  permission: 'ops:money',
  run: (input, { staff, db }) => creditDeposit(db, staff, input.noticeId),
});

export const rejectDepositAction = runOpsAction({
  schema: rejectDepositSchema,
  permission: 'ops:money',
  run: (input, { staff, db }) => rejectDeposit(db, staff, input.noticeId, input.reason),
});

export const adjustLedgerAction = runOpsAction({ schema: ledgerAdjustmentSchema, permission: 'ops:money', run: (input, { staff, db }) => adjustLedger(db, staff, input) });

export const markRefundedAction = runOpsAction({ schema: markRefundedSchema, permission: 'ops:money', run: (input, { staff, db }) => markRefundedManually(db, staff, input) });
