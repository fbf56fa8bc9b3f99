import { Card, Text } from '@mantine/core';

/** What an empty report says, and what to do next. */
export function EmptyCard({ title, hint }: { title: string; hint?: string }) {
  return (
    <Card withBorder padding="xl" ta="center">
      <Text fw={600}>{title}</Text>
      {hint && (
        <Text c="dimmed" size="sm">
          {hint}
        </Text>
      )}
    </Card>
  );
}
