import { BarChart } from '@mantine/charts';
import type { PartnerSummary } from '../../../common/contracts/partners';
import { formatMonth } from '../../../common/time';
import { useLocale, useT } from './i18n';

/**
 * Clicks, sign-ups and paying customers per month, with the chart library the dashboard uses; loaded on its own
 * (React.lazy in conversion-section.tsx), so the report's first paint does not wait for it.
 */
export default function ConversionChart({ series }: { series: PartnerSummary['series'] }) {
  const t = useT();
  const locale = useLocale();
  // The series' names are the legend's and the tooltip's texts.
  const clicks = t('partners.clicks');
  const signUps = t('partners.signUps');
  const paying = t('partners.paying');
  const data = series.map((point) => ({
    month: formatMonth(point.month, { locale }),
    [clicks]: point.clicks,
    [signUps]: point.signUps,
    [paying]: point.paying,
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
        { name: clicks, color: 'blue.5' },
        { name: signUps, color: 'indigo.6' },
        { name: paying, color: 'teal.6' },
      ]}
    />
  );
}
