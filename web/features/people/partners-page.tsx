import { DefaultRuleButton, usePartnerBalanceColumns } from '../partners';
import { AdminPeopleList } from './admin-people-list';

/** /partners: referral partners with their referral figures, and the default commission rule. */
export default function PartnersPage() {
  const columns = usePartnerBalanceColumns();
  return (
    <AdminPeopleList
      title="Partners"
      roles={['partner']}
      extraColumns={columns}
      headerActions={<DefaultRuleButton />}
    />
  );
}
