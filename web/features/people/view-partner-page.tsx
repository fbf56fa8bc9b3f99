import { PersonPage } from './person-page';

/** /view-partner?id=…: one account's page. */
export default function ViewPartnerPage() {
  return <PersonPage kind="partner" />;
}
