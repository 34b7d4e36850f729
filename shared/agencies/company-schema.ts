// The company settings form (spec §3 "Agency"), shared by the page's form, its server action and
// `PUT /b2b/agency`. Pure. Every field is a flat form field; optional ones may be left empty
// (stored as null in columns, '' in the contact and bank records). Messages are keys in `company.errors`.
import { z } from 'zod';
import type { FilePurpose } from '@/shared/files/file-purpose';
import { isCalendarDay } from '@/shared/dates';
import { text as plainText } from '@/shared/text';

/** The document uploads; each field is named after its file purpose. */
export const COMPANY_FILE_FIELDS = ['tradeLicence', 'vatCertificate', 'contractCopy', 'signatoryId'] as const satisfies readonly FilePurpose[];
export type CompanyFileField = (typeof COMPANY_FILE_FIELDS)[number];
/**
 * The agency's logo (purpose `agencyLogo`), apart from the documents: a public picture its guests
 * see, which can also be removed. Ticking `removeLogo` removes it unless a new one is chosen.
 */
export const COMPANY_LOGO_FIELD = 'logo';
export const removeLogoSchema = z.stringbool().optional();

/** Letters (any script) and single spaces between words (spec §5 "name-like text"). */
const PERSON_NAME = /^\p{L}+(?: \p{L}+)*$/u;
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;
/** ISO 9362: bank, country, location, optional branch. */
const SWIFT = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
/** A UAE Tax Registration Number. */
const TRN = /^\d{15}$/;
const ACCOUNT_NUMBER = /^[0-9A-Z-]{4,34}$/;

/** ISO 13616: the country, check digits and account moved to the end must leave 1 modulo 97. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    // Letters count as two digits, A = 10 … Z = 35.
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A text area (address, bank notes) keeps its line breaks; every other field is one line. */
const text = (max: number, options: { multiLine?: boolean } = {}) => plainText(options).max(max, { error: 'company.errors.tooLong' }).default('');
const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** Empty, or a value that matches after `normalise`. */
const optional = (max: number, check: (value: string) => boolean, error: string, normalise = (value: string) => value) =>
  text(max)
    .transform(normalise)
    .refine((value) => value === '' || check(value), { error });

const personName = optional(100, (value) => PERSON_NAME.test(value), 'company.errors.personName');
const phone = optional(30, (value) => PHONE.test(value), 'company.errors.phone');
const email = optional(254, (value) => z.email().safeParse(value).success, 'company.errors.email', (value) => value.toLowerCase());
const date = optional(10, (value) => isCalendarDay(value), 'company.errors.date');

const CONTRACT_DATES = new Set(['contractValidFrom', 'contractValidTo']);

export const companySchema = z
  .object({
    name: text(200).refine((value) => value !== '', { error: 'company.errors.required' }),
    trn: optional(20, (value) => TRN.test(value), 'company.errors.trn', compact),
    tradeLicenceNumber: text(60),
    tradeLicenceExpiry: date,
    address: text(500, { multiLine: true }),

    bankName: text(120),
    bankAccountNumber: optional(40, (value) => ACCOUNT_NUMBER.test(value), 'company.errors.accountNumber', compact),
    bankIban: optional(50, isValidIban, 'company.errors.iban', compact),
    bankSwift: optional(20, (value) => SWIFT.test(value), 'company.errors.swift', compact),
    bankNotes: text(1000, { multiLine: true }),

    signatoryName: personName,
    contractValidFrom: date,
    contractValidTo: date,

    operationsPrimaryLine: phone,
    operationsSecondaryLine: phone,
    operationsEmergencyContact: phone,
    operationsPrimaryEmail: email,
    operationsSecondaryEmail: email,

    accountsOfficeNumber: phone,
    accountsPrimaryContactName: personName,
    accountsSecondaryContactName: personName,
    accountsMobile: phone,
    accountsEmail: email,

    supportOfficeNumber: phone,
    supportPrimaryContactName: personName,
    supportSecondaryContactName: personName,
    supportMobile: phone,
    supportEmail: email,
  })
  .refine((input) => !input.contractValidFrom || !input.contractValidTo || input.contractValidTo >= input.contractValidFrom, {
    error: 'company.errors.contractDates',
    path: ['contractValidTo'],
    // Checked alongside other fields' errors, as long as both dates are themselves valid.
    when: (payload) => payload.issues.every((issue) => !CONTRACT_DATES.has(String(issue.path?.[0]))),
  });

export type CompanyInput = z.output<typeof companySchema>;
export type CompanyTextField = keyof CompanyInput;
export type CompanyField = CompanyTextField | CompanyFileField | typeof COMPANY_LOGO_FIELD;
/** The form's text values, '' for an empty field. */
export type CompanyValues = Record<CompanyTextField, string>;

export const COMPANY_TEXT_FIELDS = Object.keys(companySchema.shape) as CompanyTextField[];

/**
 * Whether the trade licence's expiry date has passed (`today` is Dubai's, `yyyy-MM-dd`): the day it
 * expires it is still valid. Sign-up and a changed expiry in the company settings are refused when
 * it has; a stored date that has passed since makes the form warn, so the admin uploads the renewed one.
 */
export function isTradeLicenceExpired(expiry: string, today: string): boolean {
  return isCalendarDay(expiry) && expiry < today;
}
