import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { logout } from '../../app/account';
import { useSession } from '../../app/session';
import { useT } from './i18n';

const PAGES = {
  'free-trial-ended': {
    titleKey: 'information.trialEnded.title',
    textKey: 'information.trialEnded.text',
    actionKey: 'information.trialEnded.action',
    to: '/plan?page=upgrade',
  },
  'subscription-ended': {
    titleKey: 'information.subscriptionEnded.title',
    textKey: 'information.subscriptionEnded.text',
    actionKey: 'information.subscriptionEnded.action',
    to: '/plan?page=manage',
  },
} as const;

/** Where a teacher or institute is held once the trial or subscription has ended. */
export default function InformationPage() {
  const t = useT();
  const [params] = useSearchParams();
  const session = useSession();
  const key = params.get('page') === 'subscription-ended' ? 'subscription-ended' : 'free-trial-ended';
  const page = PAGES[key];
  return (
    <Container size="sm">
      <Paper withBorder p="xl" radius="lg">
        <Stack align="center" ta="center">
          <ThemeIcon size={64} radius="xl" color="orange" variant="light">
            <IconHourglassEmpty size={32} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t(page.titleKey)}
          </Title>
          <Text c="dimmed">{t(page.textKey)}</Text>
          {session ? (
            <Group justify="center">
              <Button component={Link} to={page.to}>
                {t(page.actionKey)}
              </Button>
              <Button component={Link} to="/payment-history" variant="default">
                {t('information.paymentHistory')}
              </Button>
              <Button component={Link} to="/invoice" variant="default">
                {t('information.invoice')}
              </Button>
              <Button variant="subtle" color="red" onClick={() => void logout()}>
                {t('information.logout')}
              </Button>
            </Group>
          ) : (
            <Button component={Link} to="/login">
              {t('information.login')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
