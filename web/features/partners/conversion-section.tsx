import {
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { PartnerSummary } from '../../../common/contracts/partners';
import { formatMonth } from '../../../common/time';
import { formatCount } from '../../../common/words';
import { formatRatio } from './format';
import { useLocale, useT } from './i18n';

const ConversionChart = lazy(() => import('./conversion-chart'));

/** Clicks → sign-ups → paying, each bar as wide as its share of the clicks, with the step ratios between. */
export function Funnel({ summary }: { summary: PartnerSummary }) {
  const t = useT();
  const widest = Math.max(summary.clicks, summary.signUps, summary.paying, 1);
  const stages = [
    { key: 'clicks', label: t('partners.clicks'), value: summary.clicks, color: 'blue' },
    { key: 'signUps', label: t('partners.signUps'), value: summary.signUps, color: 'indigo' },
    { key: 'paying', label: t('partners.paying'), value: summary.paying, color: 'teal' },
  ] as const;
  const ratios = [
    {
      key: 'clickToSignUp',
      text: t('partners.conversion.clickToSignUp'),
      value: summary.clickToSignUp,
    },
    {
      key: 'signUpToPaying',
      text: t('partners.conversion.signUpToPaying'),
      value: summary.signUpToPaying,
    },
  ] as const;
  return (
    <Card withBorder padding="lg" data-testid="conversion-funnel">
      <Title order={2} size="h4" mb="sm">
        {t('partners.conversion.title')}
      </Title>
      <Stack gap="xs">
        {stages.map((stage, index) => (
          <Stack key={stage.key} gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {stage.label}
              </Text>
              <Text size="sm" fw={700} data-testid={`funnel-${stage.key}`}>
                {formatCount(stage.value)}
              </Text>
            </Group>
            <Progress
              value={(stage.value / widest) * 100}
              color={stage.color}
              size="lg"
              aria-label={t('partners.conversion.stageAria', {
                stage: stage.label,
                value: String(stage.value),
              })}
            />
            {index < ratios.length && (
              <Text size="xs" c="dimmed" ta="center" data-testid={`ratio-${ratios[index].key}`}>
                ↓ {formatRatio(ratios[index].value)} {ratios[index].text}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/** The monthly figures: a bar chart for the eye and the same numbers as a table for screen readers. */
function MonthlyChart({ series }: { series: PartnerSummary['series'] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('partners.byMonth')}
      </Title>
      {series.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('partners.conversion.nothingYet')}
        </Text>
      ) : (
        <>
          <div aria-hidden="true">
            <Suspense fallback={<Skeleton h={260} />}>
              <ConversionChart series={series} />
            </Suspense>
          </div>
          <VisuallyHidden>
            <Table>
              <caption>{t('partners.conversion.caption')}</caption>
              <thead>
                <tr>
                  <th>{t('partners.month')}</th>
                  <th>{t('partners.clicks')}</th>
                  <th>{t('partners.signUps')}</th>
                  <th>{t('partners.paying')}</th>
                </tr>
              </thead>
              <tbody>
                {series.map((point) => (
                  <tr key={point.month}>
                    <td>{formatMonth(point.month, { locale })}</td>
                    <td>{point.clicks}</td>
                    <td>{point.signUps}</td>
                    <td>{point.paying}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Card>
  );
}

/** The conversion tab: the funnel and the months. */
export function ConversionSection({ summary }: { summary: PartnerSummary }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Funnel summary={summary} />
      <MonthlyChart series={summary.series} />
    </SimpleGrid>
  );
}
