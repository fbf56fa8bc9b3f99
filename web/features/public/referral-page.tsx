import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from './i18n';
import { StaticPage } from './static-page';

/**
 * /referral-program: the programme as it works (issue 17). No public route tells the current rule, so the page
 * names no percentage or period: the partner sees their own in the Partner Report.
 */
export default function ReferralPage() {
  const t = useT();
  return (
    <StaticPage page="referral" sections={4}>
      <Group>
        <Button component={Link} to="/sign-up?role=partner" size="md">
          {t('public.referral.becomePartner')}
        </Button>
      </Group>
    </StaticPage>
  );
}
