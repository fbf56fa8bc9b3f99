import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { StaticPage } from './static-page';

/**
 * /referral-program: the programme as it works (issue 17). No public route tells the current rule, so the page
 * names no percentage or period: the partner sees their own in the Partner Report.
 */
export default function ReferralPage() {
  return (
    <StaticPage
      title="Referral Program"
      intro="Partners earn a share of what the teachers, institutes and students they bring to Gurukul pay."
      sections={[
        {
          heading: 'Share your link',
          body: 'Sign up as a partner and you get a referral link and its QR code at once. Make extra campaign links for a newsletter, a video or a talk to see which one brings people.',
        },
        {
          heading: 'Referrals stay yours',
          body: 'A visit through your link is remembered in the visitor’s browser for the attribution window (60 days unless the programme says otherwise); if they follow another partner’s link before signing up, the latest link counts. Once they sign up, they are your referral for good.',
        },
        {
          heading: 'Earn on every payment',
          body: 'Each time someone you referred pays, you earn a percentage of the payment for the period the programme sets. The Partner Report shows your rule, your referrals, their status and what each has earned you.',
        },
        {
          heading: 'Hold, payout and invoice',
          body: 'A commission is held for a short period so refunds can be settled, then becomes payable. Payable commissions are paid out monthly, each payout with a numbered commission invoice you can download under Invoice.',
        },
      ]}
    >
      <Group>
        <Button component={Link} to="/sign-up?role=partner" size="md">
          Become a partner
        </Button>
      </Group>
    </StaticPage>
  );
}
