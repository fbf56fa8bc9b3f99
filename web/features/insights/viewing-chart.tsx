import { Box, Group, Text, Tooltip } from '@mantine/core';
import type { LessonViewing } from '../../../common/contracts/insights';
import { formatClock } from '../../../common/time';
import { partRange, percent, viewingSummary } from './format';
import { useT } from './i18n';

/**
 * The share of viewers who watched each part of a lesson, as a row of bars (plain boxes: a chart library would
 * cost more than it shows here). One image for assistive technology, a tooltip per part on hover.
 */
export function ViewingChart({ lesson }: { lesson: LessonViewing }) {
  const t = useT();
  return (
    <div>
      <Box
        role="img"
        aria-label={viewingSummary(lesson)}
        data-testid="viewing-chart"
        style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 64 }}
      >
        {lesson.parts.map((share, index) => (
          <Tooltip
            // biome-ignore lint/suspicious/noArrayIndexKey: a part is its position in the lesson
            key={index}
            label={t('insights.viewing.part', { range: partRange(lesson, index), share: percent(share) })}
            openDelay={80}
          >
            <Box
              style={{
                flex: '1 1 0',
                minWidth: 0,
                height: '100%',
                display: 'flex',
                alignItems: 'flex-end',
                background: 'var(--mantine-color-default-border)',
                borderRadius: 2,
              }}
            >
              <Box
                style={{
                  width: '100%',
                  height: `${Math.max(2, Math.round(Math.min(1, Math.max(0, share)) * 100))}%`,
                  background: 'var(--mantine-primary-color-filled)',
                  borderRadius: 2,
                }}
              />
            </Box>
          </Tooltip>
        ))}
      </Box>
      <Group justify="space-between" mt={2} aria-hidden>
        <Text size="xs" c="dimmed">
          {formatClock(0)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatClock(lesson.durationSeconds)}
        </Text>
      </Group>
    </div>
  );
}
