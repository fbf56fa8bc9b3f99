import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { StaticPage } from './static-page';

export default function ContactPage() {
  return (
    <StaticPage
      title="Contact Us"
      intro="We are happy to help with accounts, plans, institutes and partnerships."
      sections={[
        {
          heading: 'Support',
          body: 'Logged-in users can open a ticket from Help in the profile menu; we answer there and notify you.',
        },
        { heading: 'Email', body: 'support@gurukul.test — we reply within one working day.' },
        {
          heading: 'Institutes and partners',
          body: 'Write to partners@gurukul.test to talk about institute plans or the referral program.',
        },
        {
          heading: 'Developers',
          body: 'Developers who look after a Gurukul installation read its request logs, errors and outbox once an admin grants them access.',
        },
      ]}
    >
      <Text>
        <Anchor component={Link} to="/sign-up?role=developer">
          Sign up as a developer
        </Anchor>
      </Text>
    </StaticPage>
  );
}
