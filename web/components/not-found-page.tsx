import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Text fz={72} fw={900} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to="/">
          Take me home
        </Button>
      </Stack>
    </Container>
  );
}
