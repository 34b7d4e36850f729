import { getTranslations } from 'next-intl/server';
import { CustomerViewSwitch } from './customer-view-switch';

/** The header's mount of the customer-view switch, with its texts. */
export async function CustomerViewHeaderSwitch() {
  const t = await getTranslations('customerView');
  return <CustomerViewSwitch labels={{ label: t('label'), on: t('on'), off: t('off'), hint: t('hint'), failed: t('failed') }} />;
}
