import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame shared by login, sign-up, reset and verify pages. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Container size={460} px="md">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
