import { Alert, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a list page shows before it has anything: an icon, a title, a sentence, maybe an action. */
export interface EmptyState {
  testId: string;
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}

/**
 * A list page's cards, with the states every such page has: skeletons while loading, the error, the empty
 * state, then the cards in a grid of one to three columns (phone to desktop).
 */
export function CardGrid<T>(props: {
  loading: boolean;
  error: string | null;
  items: T[] | undefined;
  skeletonHeight: number;
  empty: EmptyState;
  children: (item: T) => ReactNode;
}) {
  const { loading, error, items, skeletonHeight, empty, children } = props;
  if (loading) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h={skeletonHeight} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (error) return <Alert color="red">{error}</Alert>;
  if (!items) return null;
  if (items.length === 0) {
    return (
      <Card withBorder padding="xl" data-testid={empty.testId}>
        <Stack align="center" gap="xs">
          {empty.icon}
          <Text fw={600}>{empty.title}</Text>
          <Text c="dimmed" size="sm" ta="center">
            {empty.text}
          </Text>
          {empty.action}
        </Stack>
      </Card>
    );
  }
  return <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{items.map(children)}</SimpleGrid>;
}
