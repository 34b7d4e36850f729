'use server';

import 'server-only';
import { headers } from 'next/headers';
import { type ActionResult, runOpsAction } from '@/server/actions/run-action';
import { linkOrigin } from '@/server/http/link-origin';
import { confirmRequest, declineRequest, quoteRequest } from './request-decisions';
import { confirmRequestSchema, declineRequestSchema, quoteRequestSchema } from './request-schema';

// The request page's forms (components/ops/requests), through runOpsAction with `ops:requests`.

function fields(formData: FormData): Record<string, unknown> {
  return Object.fromEntries([...formData.entries()].filter(([name, value]) => typeof value === 'string' && !name.startsWith('$')));
}

async function mailOrigin() {
  return linkOrigin(await headers());
}

export async function quoteRequestAction(_previous: ActionResult<unknown> | null, formData: FormData) {
  return runOpsAction(
    { schema: quoteRequestSchema, permission: 'ops:requests', run: async (input, { staff, db }) => quoteRequest(db, staff, input, { origin: await mailOrigin() }) },
    fields(formData),
  );
}

export async function confirmRequestAction(_previous: ActionResult<unknown> | null, formData: FormData) {
  return runOpsAction(
    { schema: confirmRequestSchema, permission: 'ops:requests', run: async (input, { staff, db }) => confirmRequest(db, staff, input, { origin: await mailOrigin() }) },
    fields(formData),
  );
}

export async function declineRequestAction(_previous: ActionResult<unknown> | null, formData: FormData) {
  return runOpsAction(
    { schema: declineRequestSchema, permission: 'ops:requests', run: async (input, { staff, db }) => declineRequest(db, staff, input, { origin: await mailOrigin() }) },
    fields(formData),
  );
}
