import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { LessonViewing } from '../../../common/contracts/insights';
import { formatClock } from '../../../common/time';
import { countOf } from '../../../common/words';
import { dropOffText } from './format';
import { InsightSection, QuietNote } from './section';
import { ViewingChart } from './viewing-chart';

function LessonCard({ lesson }: { lesson: LessonViewing }) {
  const dropOff = dropOffText(lesson);
  return (
    <Card withBorder padding="md" component="article" aria-label={lesson.title} data-testid="viewing-lesson">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {lesson.title}
          </Text>
          <Text size="sm" c="dimmed">
            {formatClock(lesson.durationSeconds)}
          </Text>
        </Group>
        <Text size="sm">
          {countOf(lesson.viewers, 'viewer')} · {lesson.completed} completed
        </Text>
        {lesson.parts.length > 0 && <ViewingChart lesson={lesson} />}
        {dropOff && <Text size="sm">{dropOff}</Text>}
        {lesson.rewatched.length > 0 && (
          <Text size="sm">
            Watched again most:{' '}
            {lesson.rewatched
              .map(
                (stretch) => `from ${formatClock(stretch.startSeconds)} (${countOf(stretch.count, 'time')})`,
              )
              .join(', ')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** "Where viewing drops": per lesson, how far viewers got, where those who stop stop, what they watch again. */
export function ViewingSection({ viewing }: { viewing: LessonViewing[] }) {
  return (
    <InsightSection
      id="insights-viewing"
      title="Where viewing drops"
      hint="How much of each lesson its viewers watched, part by part."
    >
      {viewing.length === 0 ? (
        <QuietNote>No lesson has been watched yet.</QuietNote>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {viewing.map((lesson) => (
            <LessonCard key={lesson.videoId} lesson={lesson} />
          ))}
        </SimpleGrid>
      )}
    </InsightSection>
  );
}
