'use server';
import 'server-only';
import { headers } from 'next/headers';
import { type ActionResult, runOpsAction } from '@/server/actions/run-action';
import { linkOrigin } from '@/server/http/link-origin';
import { issueMonthInvoices } from '@/server/ops/credit/issue-invoices';
import { revalidateWidget } from '@/server/widgets/sites/widget-site';
import {
  type AgencyWidgetSites,
  approveAgencyAsStaff,
  changeAgencyTerms,
  reactivateAgencyAsStaff,
  rejectAgencyAsStaff,
  suspendAgencyAsStaff,
} from './agency-decisions';
import { approveAgencySchema, changeTermsSchema, invoiceRunSchema, reactivateAgencySchema, rejectAgencySchema, suspendAgencySchema } from './agency-schemas';

// The agency page's forms and the invoice run (issue 19 §2, §3), each through runOpsAction with the
// agencies section: staff are checked before the form is read.

type State = ActionResult<unknown> | null;

function fields(formData: FormData): Record<string, unknown> {
  return Object.fromEntries([...formData.entries()].filter(([name, value]) => !name.startsWith('$') && typeof value === 'string'));
}

export async function approveAgencyAction(_previous: State, formData: FormData): Promise<State> {
  return runOpsAction(
    {
      schema: approveAgencySchema,
      permission: 'ops:agencies',
      run: async (input, { staff, db }) => approveAgencyAsStaff(db, staff, input, { origin: linkOrigin(await headers()) }),
    },
    fields(formData),
  );
}

export async function rejectAgencyAction(_previous: State, formData: FormData): Promise<State> {
  return runOpsAction(
    {
      schema: rejectAgencySchema,
      permission: 'ops:agencies',
      run: async (input, { staff, db }) => rejectAgencyAsStaff(db, staff, input, { origin: linkOrigin(await headers()) }),
    },
    fields(formData),
  );
}

/** The agency's widget sites are cached pages: renewed at once, so a suspended agency's stop taking guests. */
function renewWidgetSites(result: ActionResult<AgencyWidgetSites>): State {
  if (result.ok) for (const widget of result.data) revalidateWidget(widget);
  return result;
}

export async function suspendAgencyAction(_previous: State, formData: FormData): Promise<State> {
  return renewWidgetSites(
    await runOpsAction({ schema: suspendAgencySchema, permission: 'ops:agencies', run: (input, { staff, db }) => suspendAgencyAsStaff(db, staff, input) }, fields(formData)),
  );
}

export async function reactivateAgencyAction(_previous: State, formData: FormData): Promise<State> {
  return renewWidgetSites(
    await runOpsAction({ schema: reactivateAgencySchema, permission: 'ops:agencies', run: (input, { staff, db }) => reactivateAgencyAsStaff(db, staff, input) }, fields(formData)),
  );
}

export async function changeAgencyTermsAction(_previous: State, formData: FormData): Promise<State> {
  return runOpsAction({ schema: changeTermsSchema, permission: 'ops:agencies', run: (input, { staff, db }) => changeAgencyTerms(db, staff, input) }, fields(formData));
}

/** The console's invoice run for a month that has ended (the monthly job runs the last one itself). */
export async function issueInvoicesAction(_previous: State, formData: FormData): Promise<State> {
  return runOpsAction({ schema: invoiceRunSchema, permission: 'ops:money', run: (input, { staff, db }) => issueMonthInvoices(db, input.month, { staff }) }, fields(formData));
}
