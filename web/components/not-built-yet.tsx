import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { Link, useMatches } from 'react-router';
import { isUserType } from '../../common/roles';
import type { RouteMeta } from '../../common/routes';
import { homeFor } from '../../common/routes';
import { useT } from '../app/i18n';
import { useSession } from '../app/session';

/** The honest state of a page whose feature has not landed yet; its guard and navigation already work. */
export function NotBuiltYet() {
  const meta = useMatches().at(-1)?.handle as RouteMeta | undefined;
  const session = useSession();
  const t = useT();
  const home = session && isUserType(session.userType) ? homeFor(session.userType) : '/';
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconHammer size={32} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {meta?.name ?? t('components.notBuilt.page')}
        </Title>
        <Text c="dimmed" data-testid="not-built-yet">
          {t('components.notBuilt.body')}
        </Text>
        <Button component={Link} to={home} variant="light">
          {t('components.notBuilt.home')}
        </Button>
      </Stack>
    </Container>
  );
}
