import { Card, SimpleGrid, Text } from '@mantine/core';
import type { AttemptTotals } from '../../../common/contracts/reports';
import { formatPercent } from './format';

/** Attempts, average score, passed and waiting for marking. */
export function StatCards({ totals }: { totals: AttemptTotals }) {
  const cards = [
    ['Attempts', String(totals.attempts)],
    ['Average score', formatPercent(totals.averagePercent)],
    ['Passed', String(totals.passed)],
    ['Waiting for marking', String(totals.waiting)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {cards.map(([label, value]) => (
        <Card key={label} withBorder padding="md" data-testid="stat-card">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fw={700} size="xl">
            {value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
