import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the insights page: a heading, a line saying what it shows, and its content. */
export function InsightSection({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack component="section" aria-labelledby={`${id}-heading`} gap="sm" data-testid={id}>
      <div>
        <Title order={2} size="h3" id={`${id}-heading`}>
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

/** What an empty part of a section says. */
export function QuietNote({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" data-testid="insight-empty">
      {children}
    </Text>
  );
}
