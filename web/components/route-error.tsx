import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { MSG } from '../../common/messages';
import { isChunkLoadError, reloadForChunkError } from '../app/reloads';

/** A page that failed to load: a missing chunk after a deploy reloads once; anything else says so. */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadForChunkError()) return null;
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>{MSG.somethingWrong}</Title>
        <Text c="dimmed">{error instanceof Error ? error.message : 'The page could not be shown.'}</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Container>
  );
}
