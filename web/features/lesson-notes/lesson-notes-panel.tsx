import { Badge, Button, Card, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import type { GlossaryEntry, SummaryLine } from '../../../common/contracts/lesson-notes';
import { formatClock } from '../../../common/time';
import { useLearnerNotes } from './api';
import { useT } from './i18n';

/**
 * Moves the lesson's player to a second: the playing video at once when it has loaded, else through the
 * player's own start position (`onSeek`, as a quiz's link to a moment opens a lesson there).
 */
function seekPlayer(seconds: number, onSeek: (seconds: number) => void) {
  const video = document.querySelector<HTMLVideoElement>('video[data-testid="video-player"]');
  if (video && video.readyState >= 1) {
    video.currentTime = seconds;
    void video.play().catch(() => undefined);
    video.focus();
    return;
  }
  onSeek(seconds);
}

function MomentButton({ seconds, onSeek }: { seconds: number | null; onSeek: (seconds: number) => void }) {
  const t = useT();
  if (seconds === null) return null;
  const time = formatClock(seconds);
  return (
    <Button
      size="compact-xs"
      variant="light"
      onClick={() => seekPlayer(seconds, onSeek)}
      aria-label={t('lesson-notes.panel.playAtLabel', { time })}
      style={{ flexShrink: 0 }}
    >
      {t('lesson-notes.panel.playAt', { time })}
    </Button>
  );
}

function HiddenBadge({ hidden }: { hidden: boolean | undefined }) {
  const t = useT();
  return hidden ? (
    <Badge size="xs" variant="light" color="gray">
      {t('lesson-notes.panel.hiddenForStudents')}
    </Badge>
  ) : null;
}

function SummaryList({ lines, onSeek }: { lines: SummaryLine[]; onSeek: (seconds: number) => void }) {
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, read only; two lines may say the same
        <Group key={`${index}-${line.text}`} component="li" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {line.text}
          </Text>
          <MomentButton seconds={line.seconds} onSeek={onSeek} />
        </Group>
      ))}
    </Stack>
  );
}

function Glossary({ entries, onSeek }: { entries: GlossaryEntry[]; onSeek: (seconds: number) => void }) {
  return (
    <Stack gap="sm" component="dl" style={{ margin: 0 }}>
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, read only; two terms may read the same
        <div key={`${index}-${entry.term}`}>
          <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
            <Text component="dt" fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.term}
            </Text>
            <MomentButton seconds={entry.seconds} onSeek={onSeek} />
          </Group>
          <Text component="dd" size="sm" c="dimmed" m={0} style={{ overflowWrap: 'anywhere' }}>
            {entry.explanation}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/**
 * A lesson's summary and key terms beside the player (issue 37, item 3): tabs, each line with a button that
 * plays the lesson from the moment it is said. A list the teacher hid is not shown; no notes, nothing.
 */
export function LessonNotesPanel({
  videoId,
  onSeek,
}: {
  videoId: string;
  onSeek: (seconds: number) => void;
}) {
  const t = useT();
  const notes = useLearnerNotes(videoId);
  if (notes.isPending) return <Loader size="sm" role="status" aria-label={t('lesson-notes.panel.loading')} />;
  if (notes.isError) return null;
  const summary = notes.data.summary ?? [];
  const glossary = notes.data.glossary ?? [];
  if (summary.length === 0 && glossary.length === 0) return null;
  return (
    <Card withBorder padding="sm" data-testid="lesson-notes">
      <Title order={2} size="h5" mb="xs">
        {t('lesson-notes.panel.title')}
      </Title>
      <Tabs defaultValue={summary.length > 0 ? 'summary' : 'terms'} keepMounted={false}>
        <Tabs.List>
          {summary.length > 0 && (
            <Tabs.Tab value="summary" rightSection={<HiddenBadge hidden={notes.data.summaryHidden} />}>
              {t('lesson-notes.panel.summary')}
            </Tabs.Tab>
          )}
          {glossary.length > 0 && (
            <Tabs.Tab value="terms" rightSection={<HiddenBadge hidden={notes.data.glossaryHidden} />}>
              {t('lesson-notes.panel.keyTerms')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        {summary.length > 0 && (
          <Tabs.Panel value="summary" pt="sm">
            <SummaryList lines={summary} onSeek={onSeek} />
          </Tabs.Panel>
        )}
        {glossary.length > 0 && (
          <Tabs.Panel value="terms" pt="sm">
            <Glossary entries={glossary} onSeek={onSeek} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Card>
  );
}
