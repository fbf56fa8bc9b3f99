import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconExternalLink, IconMessage, IconPlayerPlay } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type {
  ChangeMark,
  ItemComment,
  ReviewArea,
  ReviewQuestion,
  ReviewQuiz,
  ReviewVideo,
} from '../../../common/contracts/approvals';
import { isManual, QUESTION_TYPE_LABELS } from '../../../common/quizzes';
import { countOf } from '../../../common/words';
import { HlsPlayer } from '../../components/hls-player';

// The items of the review page: each shows what students would get, its mark against the live version, what
// the teacher was asked last time, and a field for the admin's comment on it.

const MARKS: Record<Exclude<ChangeMark, null>, { label: string; color: string }> = {
  new: { label: 'new', color: 'green' },
  changed: { label: 'changed', color: 'blue' },
  removed: { label: 'removed', color: 'red' },
};

export function MarkBadge({ mark }: { mark: ChangeMark }) {
  if (!mark) return null;
  return (
    <Badge size="sm" variant="light" color={MARKS[mark].color} data-testid="change-mark">
      {MARKS[mark].label}
    </Badge>
  );
}

/** The admin's comments being written, by item key (area:id). */
export interface CommentDrafts {
  get: (area: ReviewArea, itemId: string) => string;
  set: (area: ReviewArea, itemId: string, text: string) => void;
  /** What the teacher was asked at the last rejection, by item key. */
  asked: Map<string, ItemComment>;
}

export const draftKey = (area: ReviewArea, itemId: string) => `${area}:${itemId}`;

/** A button that opens a comment field for one item; the field stays while it holds text. */
export function ItemCommentField({
  area,
  itemId,
  label,
  drafts,
}: {
  area: ReviewArea;
  itemId: string;
  label: string;
  drafts: CommentDrafts;
}) {
  const value = drafts.get(area, itemId);
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  // Opened from the keyboard, the field takes the focus the button had.
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  const asked = drafts.asked.get(draftKey(area, itemId));
  return (
    <Stack gap={6}>
      {asked && (
        <Text size="sm" c="dimmed" data-testid="asked-last-time">
          Asked last time: {asked.comment}
        </Text>
      )}
      {open || value ? (
        <Textarea
          label={`Comment on ${label}`}
          description="Sent to the teacher with a rejection"
          value={value}
          onChange={(event) => drafts.set(area, itemId, event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={1000}
          ref={field}
        />
      ) : (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconMessage size={16} aria-hidden />}
            onClick={() => setOpen(true)}
            aria-label={`Comment on this item: ${label}`}
          >
            Comment on this item
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** One reviewed item: its heading with the change mark, what students see now when changed, then its body. */
export function ItemCard({
  heading,
  mark,
  before,
  children,
}: {
  heading: ReactNode;
  mark: ChangeMark;
  before?: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="review-item">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Text>
          <MarkBadge mark={mark} />
        </Group>
        {mark === 'changed' && before && (
          <Text size="sm" c="dimmed">
            Live version: {before}
          </Text>
        )}
        {mark === 'removed' && (
          <Text size="sm" c="dimmed">
            Students see this now; the waiting version removes it.
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** A lesson or preview: played on request, so a long course does not load every player at once. */
export function VideoItem({
  video,
  label,
  children,
}: {
  video: ReviewVideo;
  label: string;
  children: ReactNode;
}) {
  const [playing, setPlaying] = useState(false);
  return (
    <ItemCard heading={video.title} mark={video.mark} before={video.before}>
      <Text size="sm" c="dimmed">
        {video.durationSeconds ? minutesAndSeconds(video.durationSeconds) : 'Length unknown'}
        {video.captionsUrl ? ' · captions' : ''}
      </Text>
      {!video.playlistUrl ? (
        <Text size="sm" c="dimmed">
          This video has no playable file.
        </Text>
      ) : playing ? (
        <HlsPlayer
          src={video.playlistUrl}
          poster={video.posterUrl}
          title={video.title}
          captionsUrl={video.captionsUrl}
          autoPlay
        />
      ) : (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={() => setPlaying(true)}
            aria-label={`Play ${label}`}
          >
            Play
          </Button>
        </Group>
      )}
      {children}
    </ItemCard>
  );
}

function Question({ question, index }: { question: ReviewQuestion; index: number }) {
  const marks = `${countOf(question.marks, 'mark')}${
    question.negativeMarks ? `, −${question.negativeMarks} if wrong` : ''
  }`;
  return (
    <Stack gap={4} data-testid="review-question">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {index + 1}. {question.prompt}
        </Text>
        <MarkBadge mark={question.mark} />
      </Group>
      <Text size="xs" c="dimmed">
        {QUESTION_TYPE_LABELS[question.type]} · {marks}
      </Text>
      {question.options.length > 0 && (
        <List size="sm" spacing={2}>
          {question.options.map((option) => (
            <List.Item
              key={option.id}
              icon={
                option.correct ? (
                  <IconCheck size={16} color="var(--mantine-color-green-6)" aria-hidden />
                ) : null
              }
            >
              <Group gap={6} wrap="wrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {option.text}
                </Text>
                {option.correct && (
                  <Badge size="xs" color="green" variant="light">
                    correct
                  </Badge>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {question.type === 'short' && (
        <Text size="sm">Accepted answers: {question.acceptedAnswers.join(', ') || 'none'}</Text>
      )}
      {isManual(question.type) && (
        <Text size="sm" c="dimmed">
          Marked by the teacher.
        </Text>
      )}
      {question.explanation && (
        <Text size="sm" c="dimmed">
          Explanation: {question.explanation}
        </Text>
      )}
    </Stack>
  );
}

export function QuizItem({ quiz, children }: { quiz: ReviewQuiz; children: ReactNode }) {
  const count = quiz.questions.filter((question) => question.mark !== 'removed').length;
  const limit = quiz.timeLimitMinutes > 0 ? `${quiz.timeLimitMinutes} min` : 'no time limit';
  const attempts = quiz.attemptsAllowed > 0 ? countOf(quiz.attemptsAllowed, 'attempt') : 'unlimited attempts';
  return (
    <ItemCard heading={quiz.title} mark={quiz.mark} before={quiz.before}>
      <Text size="sm" c="dimmed">
        {countOf(count, 'question')} · {countOf(quiz.totalMarks, 'mark')} · pass {quiz.passPercent}% · {limit}{' '}
        · {attempts}
      </Text>
      {quiz.instructions && <Text size="sm">{quiz.instructions}</Text>}
      <Stack gap="sm">
        {quiz.questions.map((question, index) => (
          <Question key={question.id} question={question} index={index} />
        ))}
      </Stack>
      {children}
    </ItemCard>
  );
}

export function MaterialLinks({ url, title }: { url: string; title: string }) {
  return (
    <Group gap="md">
      <Anchor href={url} target="_blank" rel="noopener" size="sm" aria-label={`Open ${title} (PDF, new tab)`}>
        <Group gap={4} component="span">
          <IconExternalLink size={16} aria-hidden />
          Open
        </Group>
      </Anchor>
      <Anchor href={url} download size="sm" aria-label={`Download ${title} (PDF)`}>
        <Group gap={4} component="span">
          <IconDownload size={16} aria-hidden />
          Download
        </Group>
      </Anchor>
    </Group>
  );
}

/** A titled list of items, or what it means that there are none. */
export function ItemSection({
  title,
  empty,
  count,
  children,
}: {
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}
