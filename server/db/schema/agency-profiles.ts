import { date, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';

import { updatedAt } from './columns';
import { agencies } from './agencies';
import { storedFiles } from './files';

// An agency's company record beyond the columns booking needs.

/** Bank details of an agency (spec §3). */
export type BankDetails = { name: string; accountNumber: string; iban: string; swift: string; notes: string };
/** Operations contacts (spec §3). */
export type OperationsContacts = {
  primaryLine: string;
  secondaryLine: string;
  emergencyContact: string;
  primaryEmail: string;
  secondaryEmail: string;
};
/** Account or support department contacts (spec §3). */
export type DepartmentContacts = {
  officeNumber: string;
  primaryContactName: string;
  secondaryContactName: string;
  mobile: string;
  email: string;
};

/** The agency's company record beyond the columns booking needs (spec §3 "Agency"). */
export const agencyProfiles = pgTable('agency_profiles', {
  agencyId: uuid('agency_id')
    .primaryKey()
    .references(() => agencies.id),
  /** The contact number given at sign-up. */
  contactPhone: text('contact_phone'),
  tradeLicenceFileId: uuid('trade_licence_file_id').references(() => storedFiles.id),
  vatCertificateFileId: uuid('vat_certificate_file_id').references(() => storedFiles.id),
  bankDetails: jsonb('bank_details').$type<BankDetails>(),
  signatoryName: text('signatory_name'),
  contractValidFrom: date('contract_valid_from'),
  contractValidTo: date('contract_valid_to'),
  contractCopyFileId: uuid('contract_copy_file_id').references(() => storedFiles.id),
  signatoryIdFileId: uuid('signatory_id_file_id').references(() => storedFiles.id),
  /** The brand on the agency's guest mails, vouchers and quotes (a public `agencyLogo` file). */
  logoFileId: uuid('logo_file_id').references(() => storedFiles.id),
  operationsContacts: jsonb('operations_contacts').$type<OperationsContacts>(),
  accountsContacts: jsonb('accounts_contacts').$type<DepartmentContacts>(),
  supportContacts: jsonb('support_contacts').$type<DepartmentContacts>(),
  updatedAt: updatedAt(),
});
