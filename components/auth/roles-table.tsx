import { Check, X } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { can, ROLE_TABLE, ROLES } from '@/shared/auth/permissions';

/** The user-roles info table (spec §2/§6), drawn from the matrix the code enforces. */
export async function RolesTable() {
  const t = await getTranslations();
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full min-w-[28rem] text-sm">
        <caption className="sr-only">{t('portal.account.rolesTitle')}</caption>
        <thead className="bg-muted text-left">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {t('portal.account.action')}
            </th>
            {ROLES.map((role) => (
              <th key={role} scope="col" className="px-4 py-3 text-center font-medium">
                {t(`roles.${role}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROLE_TABLE.map(({ action, permission }) => (
            <tr key={action} className="border-t border-border">
              <th scope="row" className="px-4 py-3 text-left font-normal">
                {t(`roles.actions.${action}`)}
              </th>
              {ROLES.map((role) => (
                <td key={role} className="px-4 py-3 text-center">
                  {can(role, permission) ? (
                    <Check aria-label={t('portal.account.allowed')} className="inline size-5 text-success" />
                  ) : (
                    <X aria-label={t('portal.account.notAllowed')} className="inline size-5 text-muted-foreground" />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
