import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { Link, useMatches } from 'react-router';
import { isUserType } from '../../common/roles';
import type { RouteMeta } from '../../common/routes';
import { homeFor } from '../../common/routes';
import { useSession } from '../app/session';

/** The honest state of a page whose feature has not landed yet; its guard and navigation already work. */
export function NotBuiltYet() {
  const meta = useMatches().at(-1)?.handle as RouteMeta | undefined;
  const session = useSession();
  const home = session && isUserType(session.userType) ? homeFor(session.userType) : '/';
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconHammer size={32} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {meta?.name ?? 'This page'}
        </Title>
        <Text c="dimmed" data-testid="not-built-yet">
          This part of Gurukul is not built yet. It is on the way; everything else you can reach from the menu
          works today.
        </Text>
        <Button component={Link} to={home} variant="light">
          Go to your home page
        </Button>
      </Stack>
    </Container>
  );
}
