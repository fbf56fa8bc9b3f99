import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Text } from '@mantine/core';

export interface ChartPoint {
  at: string;
  'Sign-ups': number;
  Revenue: number;
}

/** Sign-ups and revenue over the chosen range (loaded on its own: see dashboard-page.tsx). */
export default function DashboardCharts({ points, currency }: { points: ChartPoint[]; currency: string }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder padding="md">
        <Text fw={600} mb="sm">
          Sign-ups
        </Text>
        <div role="img" aria-label="Sign-ups over time">
          <BarChart h={240} data={points} dataKey="at" series={[{ name: 'Sign-ups', color: 'indigo.6' }]} />
        </div>
      </Card>
      <Card withBorder padding="md">
        <Text fw={600} mb="sm">
          Revenue ({currency})
        </Text>
        <div role="img" aria-label="Revenue over time">
          <LineChart
            h={240}
            data={points}
            dataKey="at"
            series={[{ name: 'Revenue', color: 'teal.6' }]}
            curveType="linear"
          />
        </div>
      </Card>
    </SimpleGrid>
  );
}
