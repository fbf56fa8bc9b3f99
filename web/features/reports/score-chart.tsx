import { LineChart } from '@mantine/charts';
import { Card, Text } from '@mantine/core';
import type { TrendPoint } from '../../../common/contracts/reports';
import { formatDate } from '../../../common/time';
import { useLocale, useT } from './i18n';

/** Percent of each marked attempt over time. */
export function ScoreChart({ trend }: { trend: TrendPoint[] }) {
  const t = useT();
  const locale = useLocale();
  if (trend.length === 0) return null;
  const data = trend.map((point) => ({
    date: formatDate(point.submittedAt, { locale }),
    Score: point.percent,
    quiz: point.quizTitle,
  }));
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb="sm">
        {t('reports.score.title')}
      </Text>
      {/* An aria-label on the chart itself lands on a div with no role, where it is not allowed. */}
      <div role="img" aria-label={t('reports.score.title')}>
        <LineChart
          h={240}
          data={data}
          dataKey="date"
          series={[{ name: 'Score', label: t('reports.score.series'), color: 'indigo.6' }]}
          yAxisProps={{ domain: [0, 100] }}
          unit="%"
          curveType="linear"
        />
      </div>
    </Card>
  );
}
