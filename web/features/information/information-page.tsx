import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { logout } from '../../app/account';
import { useSession } from '../../app/session';

const PAGES = {
  'free-trial-ended': {
    title: 'Your free trial has ended',
    text: 'Thank you for trying Gurukul. Choose a plan to keep your gurus, courses and students going — nothing you built has been deleted.',
    action: 'Choose a plan',
    to: '/plan?page=upgrade',
  },
  'subscription-ended': {
    title: 'Your subscription has ended',
    text: 'Renew your plan to get back to your gurus, courses and students. Everything you built is kept safe until you return.',
    action: 'Renew your plan',
    to: '/plan?page=manage',
  },
} as const;

/** Where a teacher or institute is held once the trial or subscription has ended. */
export default function InformationPage() {
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
            {page.title}
          </Title>
          <Text c="dimmed">{page.text}</Text>
          {session ? (
            <Group justify="center">
              <Button component={Link} to={page.to}>
                {page.action}
              </Button>
              <Button component={Link} to="/payment-history" variant="default">
                Payment History
              </Button>
              <Button component={Link} to="/invoice" variant="default">
                Invoice
              </Button>
              <Button variant="subtle" color="red" onClick={() => void logout()}>
                Logout
              </Button>
            </Group>
          ) : (
            <Button component={Link} to="/login">
              Log in
            </Button>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
