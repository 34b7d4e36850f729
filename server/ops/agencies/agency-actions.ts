'use server';
import 'server-only';
import { headers } from 'next/headers';
import { type ActionResult, runOpsAction } from '@/server/actions/run-action';
import { linkOrigin } from '@/server/http/link-origin';
import { issueMonthInvoices } from '@/server/credit/issue-invoices';
import { widgetCacheTags } from '@/server/widgets/sites/widget-site';
import {
  type AgencyWidgetSites,
  approveAgencyAsStaff,
  changeAgencyTerms,
  reactivateAgencyAsStaff,
  rejectAgencyAsStaff,
  suspendAgencyAsStaff,
} from './agency-decisions';
import { approveAgencySchema, changeTermsSchema, invoiceRunSchema, reactivateAgencySchema, rejectAgencySchema, suspendAgencySchema } from './agency-schemas';

// The agency page's forms and the invoice run, each through runOpsAction with the agencies
// section: staff are checked before the form is read.

type State = ActionResult<unknown> | null;

async function mailOrigin() {
  return { origin: linkOrigin(await headers()) };
}

export const approveAgencyAction = runOpsAction({
  schema: approveAgencySchema,
  permission: 'ops:agencies',
  run: async (input, { staff, db }) => approveAgencyAsStaff(db, staff, input, await mailOrigin()),
  answer: (result): State => result,
});

export const rejectAgencyAction = runOpsAction({
  schema: rejectAgencySchema,
  permission: 'ops:agencies',
  run: async (input, { staff, db }) => rejectAgencyAsStaff(db, staff, input, await mailOrigin()),
  answer: (result): State => result,
});

/** The agency's widget sites are cached pages: renewed at once, so a suspended agency's stop taking guests. */
const renewWidgetSites = (sites: AgencyWidgetSites) => ({ expire: sites.flatMap(widgetCacheTags) });

export const suspendAgencyAction = runOpsAction({
  schema: suspendAgencySchema,
  permission: 'ops:agencies',
  run: (input, { staff, db }) => suspendAgencyAsStaff(db, staff, input),
  revalidate: renewWidgetSites,
  answer: (result): State => result,
});

export const reactivateAgencyAction = runOpsAction({
  schema: reactivateAgencySchema,
  permission: 'ops:agencies',
  run: (input, { staff, db }) => reactivateAgencyAsStaff(db, staff, input),
  revalidate: renewWidgetSites,
  answer: (result): State => result,
});

export const changeAgencyTermsAction = runOpsAction({
  schema: changeTermsSchema,
  permission: 'ops:agencies',
  run: (input, { staff, db }) => changeAgencyTerms(db, staff, input),
  answer: (result): State => result,
});

/** The console's invoice run for a month that has ended (the monthly job runs the last one itself). */
export const issueInvoicesAction = runOpsAction({
  schema: invoiceRunSchema,
  permission: 'ops:money',
  run: (input, { staff, db }) => issueMonthInvoices(db, input.month, { staff }),
  answer: (result): State => result,
});
