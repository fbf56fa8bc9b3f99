import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../app/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Text fz={72} fw={900} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('components.notFound.title')}</Title>
        <Text c="dimmed">{t('components.notFound.body')}</Text>
        <Button component={Link} to="/">
          {t('components.notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}
