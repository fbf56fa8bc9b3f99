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
import { isManual } from '../../../common/quizzes';
import { HlsPlayer } from '../../components/hls-player';
import { useT } from './i18n';

// The items of the review page: each shows what students would get, its mark against the live version, what
// the teacher was asked last time, and a field for the admin's comment on it.

const MARK_COLORS: Record<Exclude<ChangeMark, null>, string> = {
  new: 'green',
  changed: 'blue',
  removed: 'red',
};

export function MarkBadge({ mark }: { mark: ChangeMark }) {
  const t = useT();
  if (!mark) return null;
  return (
    <Badge size="sm" variant="light" color={MARK_COLORS[mark]} data-testid="change-mark">
      {t(`approvals.mark.${mark}`)}
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
  const t = useT();
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
          {t('approvals.comment.askedLastTime', { comment: asked.comment })}
        </Text>
      )}
      {open || value ? (
        <Textarea
          label={t('approvals.comment.label', { label })}
          description={t('approvals.comment.description')}
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
            aria-label={t('approvals.comment.openLabel', { label })}
          >
            {t('approvals.comment.open')}
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
  const t = useT();
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
            {t('approvals.item.liveVersion', { before })}
          </Text>
        )}
        {mark === 'removed' && (
          <Text size="sm" c="dimmed">
            {t('approvals.item.removed')}
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
  const t = useT();
  const [playing, setPlaying] = useState(false);
  const length = video.durationSeconds
    ? minutesAndSeconds(video.durationSeconds)
    : t('approvals.video.lengthUnknown');
  return (
    <ItemCard heading={video.title} mark={video.mark} before={video.before}>
      <Text size="sm" c="dimmed">
        {video.captionsUrl ? t('approvals.video.withCaptions', { length }) : length}
      </Text>
      {!video.playlistUrl ? (
        <Text size="sm" c="dimmed">
          {t('approvals.video.noFile')}
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
            aria-label={t('approvals.video.playLabel', { label })}
          >
            {t('approvals.video.play')}
          </Button>
        </Group>
      )}
      {children}
    </ItemCard>
  );
}

function Question({ question, index }: { question: ReviewQuestion; index: number }) {
  const t = useT();
  const marks = question.negativeMarks
    ? t('approvals.question.marksNegative', {
        count: question.marks,
        negative: String(question.negativeMarks),
      })
    : t('approvals.question.marks', { count: question.marks });
  return (
    <Stack gap={4} data-testid="review-question">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {index + 1}. {question.prompt}
        </Text>
        <MarkBadge mark={question.mark} />
      </Group>
      <Text size="xs" c="dimmed">
        {t(`approvals.question.type.${question.type}`)} · {marks}
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
                    {t('approvals.question.correct')}
                  </Badge>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {question.type === 'short' && (
        <Text size="sm">
          {t('approvals.question.accepted', {
            answers: question.acceptedAnswers.join(', ') || t('approvals.question.none'),
          })}
        </Text>
      )}
      {isManual(question.type) && (
        <Text size="sm" c="dimmed">
          {t('approvals.question.manual')}
        </Text>
      )}
      {question.explanation && (
        <Text size="sm" c="dimmed">
          {t('approvals.question.explanation', { explanation: question.explanation })}
        </Text>
      )}
    </Stack>
  );
}

export function QuizItem({ quiz, children }: { quiz: ReviewQuiz; children: ReactNode }) {
  const count = quiz.questions.filter((question) => question.mark !== 'removed').length;
  const t = useT();
  const limit =
    quiz.timeLimitMinutes > 0
      ? t('approvals.quiz.minutes', { minutes: String(quiz.timeLimitMinutes) })
      : t('approvals.quiz.noTimeLimit');
  const attempts =
    quiz.attemptsAllowed > 0
      ? t('approvals.quiz.attempts', { count: quiz.attemptsAllowed })
      : t('approvals.quiz.unlimitedAttempts');
  return (
    <ItemCard heading={quiz.title} mark={quiz.mark} before={quiz.before}>
      <Text size="sm" c="dimmed">
        {t('approvals.quiz.summary', {
          questions: t('approvals.quiz.questions', { count }),
          marks: t('approvals.quiz.marks', { count: quiz.totalMarks }),
          pass: String(quiz.passPercent),
          limit,
          attempts,
        })}
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
  const t = useT();
  return (
    <Group gap="md">
      <Anchor
        href={url}
        target="_blank"
        rel="noopener"
        size="sm"
        aria-label={t('approvals.material.openLabel', { title })}
      >
        <Group gap={4} component="span">
          <IconExternalLink size={16} aria-hidden />
          {t('approvals.material.open')}
        </Group>
      </Anchor>
      <Anchor href={url} download size="sm" aria-label={t('approvals.material.downloadLabel', { title })}>
        <Group gap={4} component="span">
          <IconDownload size={16} aria-hidden />
          {t('approvals.material.download')}
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
