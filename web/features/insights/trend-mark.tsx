import { Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import type { Trend } from '../../../common/contracts/insights';
import { trendView } from './format';
import { useT } from './i18n';

const ICONS = { up: IconArrowUpRight, down: IconArrowDownRight, same: IconArrowRight } as const;

/**
 * This week against last: an arrow and "+3", with the words for screen readers (and a tooltip on hover). More
 * questions is not good or bad in itself, so the mark is not coloured red or green.
 */
export function TrendMark({ trend, size = 'sm' }: { trend: Trend; size?: 'xs' | 'sm' }) {
  // The words are built by format.ts; this re-renders them when the language changes.
  useT();
  const view = trendView(trend);
  const Icon = ICONS[view.direction];
  return (
    <Tooltip label={view.words}>
      <Group gap={2} wrap="nowrap" component="span" data-testid="trend" data-direction={view.direction}>
        <Icon size={size === 'xs' ? 14 : 16} aria-hidden />
        <Text span size={size} fw={600} aria-hidden>
          {view.short}
        </Text>
        <VisuallyHidden>{view.words}</VisuallyHidden>
      </Group>
    </Tooltip>
  );
}
