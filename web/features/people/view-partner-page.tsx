import { useSearchParams } from 'react-router';
import { ProgrammeSection } from '../partners';
import { PersonPage } from './person-page';

/** /view-partner?id=…: the account's page with the partner's referral programme. */
export default function ViewPartnerPage() {
  const [params] = useSearchParams();
  const partnerId = params.get('id') ?? '';
  return <PersonPage kind="partner">{partnerId && <ProgrammeSection partnerId={partnerId} />}</PersonPage>;
}
