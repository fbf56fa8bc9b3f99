import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { navKey } from '../../../common/i18n/catalog';
import { logout } from '../account';
import { useT } from '../i18n';

/** What a user held by an ended trial or subscription can still open. */
export function EndedBar() {
  const t = useT();
  return (
    <Group gap="xs" component="nav" aria-label={t('shell.account')}>
      <Button component={Link} to="/plan?page=upgrade" variant="subtle" size="xs">
        {t(navKey('Plan'))}
      </Button>
      <Button component={Link} to="/payment-history" variant="subtle" size="xs">
        {t('shell.paymentHistory')}
      </Button>
      <Button component={Link} to="/invoice" variant="subtle" size="xs">
        {t(navKey('Invoice'))}
      </Button>
      <Button variant="light" color="red" size="xs" onClick={() => void logout()}>
        {t('shell.logout')}
      </Button>
    </Group>
  );
}
