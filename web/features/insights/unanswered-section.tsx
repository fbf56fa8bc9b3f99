import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { CourseInsights, UnansweredGroup } from '../../../common/contracts/insights';
import { AddFaqModal } from './add-faq-modal';
import { ExamplesList } from './examples-list';
import { agoText, groupTitle, otherWordings } from './format';
import { useT } from './i18n';
import { InsightSection, QuietNote } from './section';
import { TrendMark } from './trend-mark';
import { useNow } from './use-now';

function GroupCard({
  group,
  canAdd,
  now,
  onAdd,
}: {
  group: UnansweredGroup;
  canAdd: boolean;
  now: number;
  onAdd: () => void;
}) {
  const t = useT();
  const title = groupTitle(group);
  return (
    <Card withBorder padding="md" component="article" aria-label={title} data-testid="unanswered-group">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Group gap={4} mt={4} aria-label={t('insights.unanswered.sharedWords')} role="list">
              {group.terms.map((term) => (
                <Badge key={term} size="sm" variant="default" radius="sm" tt="none" fw={500} role="listitem">
                  {term}
                </Badge>
              ))}
            </Group>
          </div>
          <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
            <Text fw={700} size="lg" lh={1.2}>
              {t('insights.asks', { count: group.asks })}
            </Text>
            <TrendMark trend={group} size="xs" />
          </Stack>
        </Group>
        <ExamplesList examples={otherWordings(group)} label={t('insights.unanswered.otherWays', { title })} />
        <Group justify="space-between" gap="xs" mt="auto">
          <Text size="xs" c="dimmed">
            {t('insights.unanswered.lastAsked', {
              ago: agoText(group.lastAskedAt, now),
              guru: group.guruName,
            })}
          </Text>
          {group.fixedAt ? (
            <Badge
              color="green"
              variant="light"
              leftSection={<IconCircleCheck size={12} />}
              data-testid="faq-added"
            >
              {t('insights.unanswered.faqAdded')}
            </Badge>
          ) : (
            canAdd && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={onAdd}
                aria-label={t('insights.unanswered.addAria', {
                  words: group.wording || group.terms.join(' '),
                })}
              >
                {t('insights.unanswered.add')}
              </Button>
            )
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** "Questions the guru could not answer", grouped by the terms they share, each answerable as a FAQ entry. */
export function UnansweredSection({ insights }: { insights: CourseInsights }) {
  const t = useT();
  const [answering, setAnswering] = useState<UnansweredGroup | null>(null);
  const now = useNow();
  const groups = insights.questions.unanswered;
  return (
    <InsightSection
      id="insights-unanswered"
      title={t('insights.unanswered.title')}
      hint={t('insights.unanswered.hint')}
    >
      {groups.length === 0 ? (
        <QuietNote>{t('insights.unanswered.empty')}</QuietNote>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {groups.map((group) => (
            <GroupCard
              key={group.key}
              group={group}
              now={now}
              canAdd={insights.gurus.length > 0}
              onAdd={() => setAnswering(group)}
            />
          ))}
        </SimpleGrid>
      )}
      <AddFaqModal
        courseId={insights.course.id}
        group={answering}
        gurus={insights.gurus}
        onClose={() => setAnswering(null)}
      />
    </InsightSection>
  );
}
