'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { type DepositNoticeField, depositNoticeSchema } from './deposit-schema';
import { submitDepositNotice } from './submit-deposit-notice';

type TypedField = Exclude<DepositNoticeField, 'slip'>;
const TYPED_FIELDS: readonly TypedField[] = ['amount', 'transferDate', 'bankReference'];

/**
 * A refused notice, with what was typed so the form shows it again (React resets a form after its
 * action); an accepted one redirects, so there is no success state.
 */
export type DepositNoticeState = (ActionFailure<DepositNoticeField> & { values: Partial<Record<TypedField, string>> }) | null;

/**
 * The deposit notice form on the top-up page (multipart: the payment slip travels with it).
 * Success redirects to `/top-up?deposit=sent`, which lists the new pending notice, so the form
 * also works before hydration and starts empty again.
 */
export const submitDepositNoticeAction = runAction({
  schema: depositNoticeSchema,
  form: { files: ['slip'], echo: TYPED_FIELDS },
  permission: 'balance:topUp',
  run: (input, { principal, db }) => submitDepositNotice(db, principal, input),
  answer: async (result): Promise<DepositNoticeState> => {
    if (!result.ok) return result;
    const locale = await getLocale();
    redirect(`${localizedPath(toLocale(locale), '/top-up')}?deposit=sent#deposits`);
  },
});
