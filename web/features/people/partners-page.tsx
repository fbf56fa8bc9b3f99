import { AdminPeopleList } from './admin-people-list';

/** /partners: referral partners (their referrals and commissions arrive with the referral programme). */
export default function PartnersPage() {
  return <AdminPeopleList title="Partners" roles={['partner']} />;
}
