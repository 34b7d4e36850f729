import type { z } from 'zod';
import { signUpSchema, changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from '@/server/account/account-schemas';
import { companySchema, COMPANY_TEXT_FIELDS } from '@/shared/agencies/company-schema';
import { createAgentSchema, updateAgentSchema } from '@/shared/agents/agent-schema';
import { checkoutSchema } from '@/shared/bookings/checkout-schema';
import { depositNoticeSchema, topUpFeeQuerySchema } from '@/server/top-up/deposit-schema';

// Every text field of every form and API schema refuses a control character at
// that field, with `errors.controlCharacters` (the message runAction and the 422 body show).

const pdf = () => new File([new TextEncoder().encode('%PDF-1.4\n')], 'slip.pdf', { type: 'application/pdf' });
const id = '7b0f3a52-1c8e-4c1b-9d0e-2f4b5a6c7d8e';

type Case = { schema: z.ZodType; valid: Record<string, unknown>; fields: readonly string[] };

const CASES: Record<string, Case> = {
  checkout: {
    schema: checkoutSchema,
    valid: {
      offerId: id,
      date: '2026-12-01',
      time: '10:00',
      adults: '1',
      idempotencyKey: id,
      guestName: 'Test Guest',
      guestPhone: '+971 50 000 0000',
      guestEmail: 'guest@example.test',
      guestEmailConfirm: 'guest@example.test',
      hotelId: '',
      room: '12',
      notes: 'Notes',
      promoCode: 'WELCOME10',
      paymentMethod: 'cash',
    },
    fields: ['time', 'guestName', 'guestPhone', 'guestEmail', 'guestEmailConfirm', 'room', 'notes', 'promoCode'],
  },
  company: { schema: companySchema, valid: { name: 'Palm Coast Holidays' }, fields: COMPANY_TEXT_FIELDS },
  createAgent: {
    schema: createAgentSchema,
    valid: { name: 'Priya Nair', email: 'priya@example.test', phone: '+971 55 234 5602', role: 'junior', jobTitle: 'Sales' },
    fields: ['name', 'email', 'phone', 'jobTitle'],
  },
  updateAgent: {
    schema: updateAgentSchema,
    valid: { agentId: id, name: 'Priya Nair', email: 'priya@example.test', phone: '', role: 'senior', jobTitle: '' },
    fields: ['name', 'email', 'phone', 'jobTitle'],
  },
  signUp: {
    schema: signUpSchema,
    valid: { name: 'Priya Nair', email: 'priya@example.test', contactPhone: '+971 55 234 5602', companyName: 'Travel 360 L.L.C.', tradeLicenceExpiry: '2030-06-30', tradeLicence: pdf() },
    fields: ['name', 'email', 'contactPhone', 'companyName'],
  },
  forgotPassword: { schema: forgotPasswordSchema, valid: { email: 'priya@example.test' }, fields: ['email'] },
  resetPassword: { schema: resetPasswordSchema, valid: { token: 'abcDEF123_-', password: 'Desert-Rose-2026', confirmPassword: 'Desert-Rose-2026' }, fields: ['password'] },
  changePassword: {
    schema: changePasswordSchema,
    valid: { currentPassword: 'Traveldesk!2026', newPassword: 'Desert-Rose-2026', confirmPassword: 'Desert-Rose-2026' },
    fields: ['currentPassword', 'newPassword'],
  },
  depositNotice: { schema: depositNoticeSchema, valid: { amount: '12,500.50', transferDate: '2026-11-20', bankReference: 'FT 2026/11-20', slip: pdf() }, fields: ['amount', 'bankReference'] },
  topUpFee: { schema: topUpFeeQuerySchema, valid: { amount: '1000' }, fields: ['amount'] },
};

describe.each(Object.entries(CASES))('the %s schema', (_name, { schema, valid, fields }) => {
  it('accepts its valid input', () => {
    expect(schema.safeParse(valid).error?.issues).toBeUndefined();
  });

  it.each(fields)('refuses a control character in %s at that field, with errors.controlCharacters', (field) => {
    const base = String(valid[field] ?? '') || 'x';
    for (const control of ['\u0000', '\u0008', '\u001b', '\u007f', '\u009b']) {
      const issues = schema.safeParse({ ...valid, [field]: `${base.slice(0, 2)}${control}${base.slice(2)}` }).error?.issues ?? [];
      expect(issues.find((issue) => issue.path[0] === field)?.message, `U+${control.charCodeAt(0).toString(16)}`).toBe('errors.controlCharacters');
    }
  });
});

describe('a reset link’s token', () => {
  it('that holds anything but base64url is an invalid link', () => {
    for (const token of ['abc\u0000def', 'abc def', 'abc/def', '']) {
      expect(resetPasswordSchema.safeParse({ token, password: 'Desert-Rose-2026', confirmPassword: 'Desert-Rose-2026' }).error?.issues[0]).toMatchObject({
        path: ['token'],
        message: 'account.tokenInvalid',
      });
    }
  });
});
