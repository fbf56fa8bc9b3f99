import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { useT } from '../app/i18n';
import { isChunkLoadError, reloadForChunkError } from '../app/reloads';

/** A page that failed to load: a missing chunk after a deploy reloads once; anything else says so. */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  if (isChunkLoadError(error) && reloadForChunkError()) return null;
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>{t('msg.somethingWrong')}</Title>
        <Text c="dimmed">{error instanceof Error ? error.message : t('components.routeError.body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('components.routeError.reload')}</Button>
      </Stack>
    </Container>
  );
}
