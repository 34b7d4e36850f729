'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { isProvidedFile } from '@/server/files/uploads';
import { type DepositNoticeField, depositNoticeSchema } from './deposit-schema';
import { submitDepositNotice } from './submit-deposit-notice';

type TypedField = Exclude<DepositNoticeField, 'slip'>;

/**
 * A refused notice, with what was typed so the form shows it again (React resets a form after its
 * action); an accepted one redirects, so there is no success state.
 */
export type DepositNoticeState = (ActionFailure<DepositNoticeField> & { values: Record<TypedField, string> }) | null;

/**
 * The deposit notice form on the top-up page (multipart: the payment slip travels with it).
 * Success redirects to `/top-up?deposit=sent`, which lists the new pending notice, so the form
 * also works before hydration and starts empty again.
 */
export async function submitDepositNoticeAction(_previous: DepositNoticeState, formData: FormData): Promise<DepositNoticeState> {
  const slip = formData.get('slip');
  const text = (field: TypedField) => {
    const value = formData.get(field);
    return typeof value === 'string' ? value : '';
  };
  const values = { amount: text('amount'), transferDate: text('transferDate'), bankReference: text('bankReference') };
  const result = await runAction(
    {
      schema: depositNoticeSchema,
      permission: 'balance:topUp',
      run: (input, { principal, db }) => submitDepositNotice(db, principal, input),
    },
    { ...values, slip: isProvidedFile(slip) ? slip : undefined },
  );
  if (!result.ok) return { ...result, values };
  const locale = await getLocale();
  redirect(`${localizedPath(toLocale(locale), '/top-up')}?deposit=sent#deposits`);
}
