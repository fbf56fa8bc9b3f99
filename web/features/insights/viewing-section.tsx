import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { LessonViewing } from '../../../common/contracts/insights';
import { formatClock } from '../../../common/time';
import { dropOffText } from './format';
import { useT } from './i18n';
import { InsightSection, QuietNote } from './section';
import { ViewingChart } from './viewing-chart';

function LessonCard({ lesson }: { lesson: LessonViewing }) {
  const t = useT();
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
          {t('insights.viewing.viewers', { viewers: lesson.viewers, completed: lesson.completed })}
        </Text>
        {lesson.parts.length > 0 && <ViewingChart lesson={lesson} />}
        {dropOff && <Text size="sm">{dropOff}</Text>}
        {lesson.rewatched.length > 0 && (
          <Text size="sm">
            {t('insights.viewing.rewatched', {
              list: lesson.rewatched
                .map((stretch) =>
                  t('insights.viewing.rewatchedFrom', {
                    time: formatClock(stretch.startSeconds),
                    count: stretch.count,
                  }),
                )
                .join(', '),
            })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** "Where viewing drops": per lesson, how far viewers got, where those who stop stop, what they watch again. */
export function ViewingSection({ viewing }: { viewing: LessonViewing[] }) {
  const t = useT();
  return (
    <InsightSection
      id="insights-viewing"
      title={t('insights.viewing.title')}
      hint={t('insights.viewing.hint')}
    >
      {viewing.length === 0 ? (
        <QuietNote>{t('insights.viewing.empty')}</QuietNote>
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
