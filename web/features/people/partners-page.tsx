import { DefaultRuleButton, usePartnerBalanceColumns } from '../partners';
import { AdminPeopleList } from './admin-people-list';
import { useT } from './i18n';

/** /partners: referral partners with their referral figures, and the default commission rule. */
export default function PartnersPage() {
  const t = useT();
  const columns = usePartnerBalanceColumns();
  return (
    <AdminPeopleList
      title={t('people.page.partners')}
      roles={['partner']}
      extraColumns={columns}
      headerActions={<DefaultRuleButton />}
    />
  );
}
