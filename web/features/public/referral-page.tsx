import { StaticPage } from './static-page';

export default function ReferralPage() {
  return (
    <StaticPage
      title="Referral Program"
      intro="Partners earn a commission for every teacher or institute they bring to Gurukul."
      sections={[
        {
          heading: 'How it works',
          body: 'Sign up as a partner, share your referral link, and follow your referrals in the partner report.',
        },
        {
          heading: 'Commission',
          body: 'Commissions are invoiced monthly and listed under Invoice in your partner area.',
        },
      ]}
    />
  );
}
