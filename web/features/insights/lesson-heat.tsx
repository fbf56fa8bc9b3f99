import { Box, Group, Text, Tooltip } from '@mantine/core';
import type { LessonHeat } from '../../../common/contracts/insights';
import { formatClock } from '../../../common/time';
import { HEAT_LEVELS, heatCellLabel, heatLevel, heatSummary } from './format';
import { useT } from './i18n';

/**
 * One colour in both schemes: the same orange at rising strength over the page's own background, so a hot cell is
 * the most visible one on white and on dark alike. Level 0 (nobody asked) is the quiet border colour.
 */
export const heatColour = (level: number) =>
  level === 0
    ? 'var(--mantine-color-default-border)'
    : `color-mix(in srgb, var(--mantine-color-orange-6) ${Math.round((level / HEAT_LEVELS) * 85 + 15)}%, transparent)`;

/**
 * A lesson's timeline as a row of cells coloured by how often each stretch was asked about, against `max`
 * (the course's busiest stretch, so lessons compare at a glance). For assistive technology it is one image
 * whose name says where the questions cluster; each cell has a tooltip on hover.
 */
export function LessonHeatStrip({ heat, max }: { heat: LessonHeat; max: number }) {
  // Its labels are built by format.ts; this re-renders them when the language changes.
  useT();
  return (
    <Box data-testid="lesson-heat">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} truncate="end">
          {heat.title}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatClock(heat.durationSeconds)}
        </Text>
      </Group>
      <Box
        role="img"
        aria-label={heatSummary(heat)}
        mt={4}
        style={{ display: 'flex', gap: 2, height: 22, alignItems: 'stretch' }}
      >
        {heat.buckets.map((count, index) => (
          <Tooltip
            // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its position on the timeline
            key={index}
            label={heatCellLabel(index, heat, count)}
            openDelay={80}
          >
            <Box
              data-level={heatLevel(count, max)}
              style={{
                flex: '1 1 0',
                minWidth: 0,
                borderRadius: 2,
                background: heatColour(heatLevel(count, max)),
              }}
            />
          </Tooltip>
        ))}
      </Box>
    </Box>
  );
}

const LEGEND_LEVELS = [...Array(HEAT_LEVELS + 1).keys()];

/** The key under the strips: what the colours mean. */
export function HeatLegend() {
  const t = useT();
  return (
    <Group gap={6} aria-hidden>
      <Text size="xs" c="dimmed">
        {t('insights.heat.fewer')}
      </Text>
      {LEGEND_LEVELS.map((level) => (
        <Box key={level} w={14} h={10} style={{ borderRadius: 2, background: heatColour(level) }} />
      ))}
      <Text size="xs" c="dimmed">
        {t('insights.heat.more')}
      </Text>
    </Group>
  );
}
