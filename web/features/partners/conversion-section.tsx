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

const ConversionChart = lazy(() => import('./conversion-chart'));

/** Clicks → sign-ups → paying, each bar as wide as its share of the clicks, with the step ratios between. */
export function Funnel({ summary }: { summary: PartnerSummary }) {
  const widest = Math.max(summary.clicks, summary.signUps, summary.paying, 1);
  const stages = [
    { key: 'clicks', label: 'Clicks', value: summary.clicks, color: 'blue' },
    { key: 'signUps', label: 'Sign-ups', value: summary.signUps, color: 'indigo' },
    { key: 'paying', label: 'Paying', value: summary.paying, color: 'teal' },
  ] as const;
  const ratios = [
    { key: 'clickToSignUp', text: 'of clicks signed up', value: summary.clickToSignUp },
    { key: 'signUpToPaying', text: 'of sign-ups pay', value: summary.signUpToPaying },
  ] as const;
  return (
    <Card withBorder padding="lg" data-testid="conversion-funnel">
      <Title order={2} size="h4" mb="sm">
        Conversion
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
              aria-label={`${stage.label}: ${stage.value}`}
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
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        By month
      </Title>
      {series.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to chart yet: each month appears once your links get clicks.
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
              <caption>Clicks, sign-ups and paying customers by month</caption>
              <thead>
                <tr>
                  <th>Month</th>
                  <th>Clicks</th>
                  <th>Sign-ups</th>
                  <th>Paying</th>
                </tr>
              </thead>
              <tbody>
                {series.map((point) => (
                  <tr key={point.month}>
                    <td>{formatMonth(point.month)}</td>
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
