'use server';

import 'server-only';
import { headers } from 'next/headers';
import { runOpsAction } from '@/server/actions/run-action';
import { linkOrigin } from '@/server/http/link-origin';
import { confirmRequest, declineRequest, quoteRequest } from './request-decisions';
import { confirmRequestSchema, declineRequestSchema, quoteRequestSchema } from './request-schemas';

// The request page's forms (components/ops/requests). Each is `(previous, formData)` for OpsForm.

export async function quoteRequestAction(_previous: unknown, formData: FormData) {
  return runOpsAction(
    { schema: quoteRequestSchema, permission: 'ops:requests', run: (input, { staff, db }) => quoteRequest(db, staff, input) },
    Object.fromEntries(formData),
  );
}

export async function confirmRequestAction(_previous: unknown, formData: FormData) {
  return runOpsAction(
    { schema: confirmRequestSchema, permission: 'ops:requests', run: async (input, { staff, db }) => confirmRequest(db, staff, input, linkOrigin(await headers())) },
    Object.fromEntries(formData),
  );
}

export async function declineRequestAction(_previous: unknown, formData: FormData) {
  return runOpsAction(
    { schema: declineRequestSchema, permission: 'ops:requests', run: async (input, { staff, db }) => declineRequest(db, staff, input, linkOrigin(await headers())) },
    Object.fromEntries(formData),
  );
}
