import { Card, Group, Text } from '@mantine/core';
import type { Trend } from '../../../common/contracts/insights';
import { TrendMark } from './trend-mark';

/** A headline figure, with this week against last when it has one. */
export function FigureCard({ label, value, trend }: { label: string; value: number; trend?: Trend }) {
  return (
    <Card withBorder padding="sm" data-testid="insight-figure">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" align="baseline">
        <Text fz={26} fw={700} lh={1.2}>
          {value}
        </Text>
        {trend && <TrendMark trend={trend} />}
      </Group>
    </Card>
  );
}
