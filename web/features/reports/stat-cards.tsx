import { Card, SimpleGrid, Text } from '@mantine/core';
import type { AttemptTotals } from '../../../common/contracts/reports';
import { formatPercent } from './format';
import { useT } from './i18n';

/** Attempts, average score, passed and waiting for marking. */
export function StatCards({ totals }: { totals: AttemptTotals }) {
  const t = useT();
  const cards = [
    [t('reports.stats.attempts'), String(totals.attempts)],
    [t('reports.stats.averageScore'), formatPercent(totals.averagePercent)],
    [t('reports.stats.passed'), String(totals.passed)],
    [t('reports.stats.waiting'), String(totals.waiting)],
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
