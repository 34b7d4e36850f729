'use server';

import 'server-only';
import { headers } from 'next/headers';
import { runOpsAction } from '@/server/actions/run-action';
import { linkOrigin } from '@/server/http/link-origin';
import { confirmRequest, declineRequest, quoteRequest } from './request-decisions';
import { confirmRequestSchema, declineRequestSchema, quoteRequestSchema } from './request-schema';

// The request page's forms (components/ops/requests), through runOpsAction with `ops:requests`.

async function mailOrigin() {
  return { origin: linkOrigin(await headers()) };
}

export const quoteRequestAction = runOpsAction({
  schema: quoteRequestSchema,
  permission: 'ops:requests',
  run: async (input, { staff, db }) => quoteRequest(db, staff, input, await mailOrigin()),
});

export const confirmRequestAction = runOpsAction({
  schema: confirmRequestSchema,
  permission: 'ops:requests',
  run: async (input, { staff, db }) => confirmRequest(db, staff, input, await mailOrigin()),
});

export const declineRequestAction = runOpsAction({
  schema: declineRequestSchema,
  permission: 'ops:requests',
  run: async (input, { staff, db }) => declineRequest(db, staff, input, await mailOrigin()),
});
