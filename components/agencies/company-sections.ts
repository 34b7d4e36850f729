// The company settings form's sections and controls (spec §3 "Agency"), in the order the admin
// fills them in. Pure: the page reads it to build the labels, the form to render the controls.
import type { COMPANY_LOGO_FIELD, CompanyFileField, CompanyTextField } from '@/shared/agencies/company-schema';

export type CompanyControl =
  | {
      field: CompanyTextField;
      kind: 'text' | 'tel' | 'email' | 'date' | 'textarea';
      /** Spans both columns of its section. */
      wide?: boolean;
      autoComplete?: string;
      /** Codes typed as printed on documents: no autocorrect, capitals. */
      code?: boolean;
      inputMode?: 'numeric';
      required?: boolean;
      hint?: 'trn' | 'bankIban' | 'bankSwift';
    }
  | { field: CompanyFileField; kind: 'file'; wide: true }
  | { field: typeof COMPANY_LOGO_FIELD; kind: 'logo'; wide: true };

export const COMPANY_SECTIONS = [
  {
    key: 'basic',
    controls: [
      { field: 'name', kind: 'text', wide: true, autoComplete: 'organization', required: true },
      { field: 'trn', kind: 'text', inputMode: 'numeric', code: true, hint: 'trn' },
      { field: 'tradeLicenceNumber', kind: 'text', code: true },
      { field: 'tradeLicenceExpiry', kind: 'date' },
      { field: 'address', kind: 'textarea', wide: true, autoComplete: 'street-address' },
      { field: 'logo', kind: 'logo', wide: true },
      { field: 'tradeLicence', kind: 'file', wide: true },
      { field: 'vatCertificate', kind: 'file', wide: true },
    ],
  },
  {
    key: 'bank',
    controls: [
      { field: 'bankName', kind: 'text', wide: true },
      { field: 'bankAccountNumber', kind: 'text', code: true },
      { field: 'bankSwift', kind: 'text', code: true, hint: 'bankSwift' },
      { field: 'bankIban', kind: 'text', wide: true, code: true, hint: 'bankIban' },
      { field: 'bankNotes', kind: 'textarea', wide: true },
    ],
  },
  {
    key: 'contracting',
    controls: [
      { field: 'signatoryName', kind: 'text', wide: true, autoComplete: 'off' },
      { field: 'contractValidFrom', kind: 'date' },
      { field: 'contractValidTo', kind: 'date' },
      { field: 'contractCopy', kind: 'file', wide: true },
      { field: 'signatoryId', kind: 'file', wide: true },
    ],
  },
  {
    key: 'operations',
    controls: [
      { field: 'operationsPrimaryLine', kind: 'tel' },
      { field: 'operationsSecondaryLine', kind: 'tel' },
      { field: 'operationsEmergencyContact', kind: 'tel', wide: true },
      { field: 'operationsPrimaryEmail', kind: 'email' },
      { field: 'operationsSecondaryEmail', kind: 'email' },
    ],
  },
  {
    key: 'accounts',
    controls: [
      { field: 'accountsPrimaryContactName', kind: 'text', autoComplete: 'off' },
      { field: 'accountsSecondaryContactName', kind: 'text', autoComplete: 'off' },
      { field: 'accountsOfficeNumber', kind: 'tel' },
      { field: 'accountsMobile', kind: 'tel' },
      { field: 'accountsEmail', kind: 'email', wide: true },
    ],
  },
  {
    key: 'support',
    controls: [
      { field: 'supportPrimaryContactName', kind: 'text', autoComplete: 'off' },
      { field: 'supportSecondaryContactName', kind: 'text', autoComplete: 'off' },
      { field: 'supportOfficeNumber', kind: 'tel' },
      { field: 'supportMobile', kind: 'tel' },
      { field: 'supportEmail', kind: 'email', wide: true },
    ],
  },
] as const satisfies readonly { key: string; controls: readonly CompanyControl[] }[];

export type CompanySectionKey = (typeof COMPANY_SECTIONS)[number]['key'];
