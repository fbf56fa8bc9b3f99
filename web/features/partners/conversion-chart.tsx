import { BarChart } from '@mantine/charts';
import type { PartnerSummary } from '../../../common/contracts/partners';
import { formatMonth } from '../../../common/time';

/**
 * Clicks, sign-ups and paying customers per month, with the chart library the dashboard uses; loaded on its own
 * (React.lazy in conversion-section.tsx), so the report's first paint does not wait for it.
 */
export default function ConversionChart({ series }: { series: PartnerSummary['series'] }) {
  const data = series.map((point) => ({
    month: formatMonth(point.month),
    Clicks: point.clicks,
    'Sign-ups': point.signUps,
    Paying: point.paying,
  }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="month"
      withLegend
      // Shown under aria-hidden beside a table of the same figures: the chart's keyboard layer would make a
      // focusable element inside aria-hidden.
      accessibilityLayer={false}
      series={[
        { name: 'Clicks', color: 'blue.5' },
        { name: 'Sign-ups', color: 'indigo.6' },
        { name: 'Paying', color: 'teal.6' },
      ]}
    />
  );
}
