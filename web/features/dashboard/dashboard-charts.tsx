import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useT } from './i18n';

export interface ChartPoint {
  at: string;
  'Sign-ups': number;
  Revenue: number;
}

/**
 * The months' axis: every month named (recharts' default drops labels it thinks collide, and dropped the
 * revenue peak's), slanted so a phone's width fits them; days keep the default, as thirty would not fit.
 */
const monthAxis = { interval: 0, angle: -35, textAnchor: 'end', height: 56, tickMargin: 4 } as const;

/** Whole amounts with their groups ("1,23,456" in en-IN), so the axis's widest value is not cut. */
const axisAmount = (value: number) => Math.round(value).toLocaleString('en-IN');

/** Sign-ups and revenue over the chosen range (loaded on its own: see dashboard-page.tsx). */
export default function DashboardCharts({
  points,
  currency,
  monthly,
}: {
  points: ChartPoint[];
  currency: string;
  /** One point a month: every month is labelled. */
  monthly: boolean;
}) {
  const t = useT();
  const xAxisProps = monthly ? monthAxis : undefined;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder padding="md">
        <Text fw={600} mb="sm">
          {t('dashboard.charts.signUps')}
        </Text>
        <div role="img" aria-label={t('dashboard.charts.signUpsAria')}>
          <BarChart
            h={240}
            data={points}
            dataKey="at"
            series={[{ name: 'Sign-ups', label: t('dashboard.charts.signUps'), color: 'indigo.6' }]}
            xAxisProps={xAxisProps}
          />
        </div>
      </Card>
      <Card withBorder padding="md">
        <Text fw={600} mb="sm">
          {t('dashboard.charts.revenueTitle', { currency })}
        </Text>
        <div role="img" aria-label={t('dashboard.charts.revenueAria')}>
          <LineChart
            h={240}
            data={points}
            dataKey="at"
            series={[{ name: 'Revenue', label: t('dashboard.charts.revenue'), color: 'teal.6' }]}
            curveType="linear"
            xAxisProps={xAxisProps}
            valueFormatter={axisAmount}
            yAxisProps={{ width: 72 }}
          />
        </div>
      </Card>
    </SimpleGrid>
  );
}
