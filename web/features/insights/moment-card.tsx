import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileText, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { InsightMoment } from '../../../common/contracts/insights';
import { ExamplesList } from './examples-list';
import { fixAction, momentPlace, playFrom } from './format';
import { useT } from './i18n';
import { PlayMomentButton } from './lesson-player';
import { TrendMark } from './trend-mark';

/**
 * One of the most-asked moments: where it is, how often and how students put it, and what to do about it (play
 * the lesson from there; improve a library slide; open the study material). `topSlides` holds each library
 * lesson's most-asked slide among the moments listed.
 */
export function MomentCard({
  moment,
  courseId,
  topSlides,
}: {
  moment: InsightMoment;
  courseId: string;
  topSlides?: ReadonlyMap<string, number>;
}) {
  const t = useT();
  const place = momentPlace(moment);
  const fix = fixAction(moment, courseId, topSlides);
  const play = playFrom(moment);
  return (
    <Card withBorder padding="md" component="article" aria-label={moment.title} data-testid="moment-card">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {moment.title}
            </Text>
            {place && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {place}
              </Text>
            )}
          </div>
          <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
            <Text fw={700} size="lg" lh={1.2}>
              {t('insights.asks', { count: moment.asks })}
            </Text>
            <TrendMark trend={moment} size="xs" />
          </Stack>
        </Group>
        <ExamplesList
          examples={moment.examples}
          label={t('insights.moment.examples', { title: moment.title })}
        />
        {moment.strugglingStudents > 0 && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" data-testid="struggling">
              {t('insights.moment.struggling', { count: moment.strugglingStudents })}
            </Text>
          </Group>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('insights.moment.answeredBy', { guru: moment.guruName })}
          </Text>
          {(play || fix) && (
            <Group gap="xs">
              {play && (
                <PlayMomentButton
                  courseId={courseId}
                  videoId={play.videoId}
                  startSeconds={play.startSeconds}
                  title={moment.title}
                />
              )}
              {fix && (
                <Button
                  component={Link}
                  to={fix.href}
                  size="xs"
                  variant="light"
                  leftSection={moment.libraryId ? <IconPencil size={14} /> : <IconFileText size={14} />}
                >
                  {fix.label}
                </Button>
              )}
            </Group>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
