import { StaticPage } from './static-page';

export default function RefundPage() {
  return (
    <StaticPage
      title="Refund and Cancellation"
      intro="You can cancel a plan at any time; it stays active until the end of the paid period."
      sections={[
        {
          heading: 'Cancellation',
          body: 'Cancel from Manage Plan. You keep access until the period ends and are not charged again.',
        },
        {
          heading: 'Refunds',
          body: 'Payments made in error or charged twice are refunded in full to the original payment method.',
        },
        {
          heading: 'Course purchases',
          body: 'A paid course can be refunded within 7 days if less than a quarter of it has been watched.',
        },
      ]}
    />
  );
}
