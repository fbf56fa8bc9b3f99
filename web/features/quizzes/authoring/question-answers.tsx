import { Anchor, Badge, Card, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconPoint } from '@tabler/icons-react';
import { useState } from 'react';
import type { CourseVideo } from '../../../../common/contracts/course-content';
import type { AuthorQuestion } from '../../../../common/contracts/quizzes';
import { isManual } from '../../../../common/quizzes';
import { formatClock } from '../../../../common/time';
import { HlsPlayer } from '../../../components/hls-player';
import { useT } from '../i18n';
import { QuestionImages } from '../question-images';
import { marksText } from './format';

/** Options with the right ones marked by an icon, weight and words (not colour alone): a question's or a draft's. */
export function OptionList({ options }: { options: { key: string; text: string; correct: boolean }[] }) {
  const t = useT();
  return (
    <List spacing={4} listStyleType="none" aria-label={t('quizzes.options.title')}>
      {options.map((option) => (
        <List.Item
          key={option.key}
          data-correct={option.correct || undefined}
          icon={
            <ThemeIcon
              size={20}
              radius="xl"
              color={option.correct ? 'green' : 'gray'}
              variant={option.correct ? 'filled' : 'light'}
            >
              {option.correct ? <IconCheck size={14} /> : <IconPoint size={14} />}
            </ThemeIcon>
          }
        >
          <Text span fw={option.correct ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
            {option.text}
          </Text>
          {option.correct && (
            <Text span size="xs" c="dimmed">
              {' '}
              {t('quizzes.answers.correct')}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** "Accepted answers:" and each as a badge. */
export function AcceptedAnswers({ answers }: { answers: string[] }) {
  const t = useT();
  return (
    <Group gap={6}>
      <Text size="sm">{t('quizzes.answers.accepted')}</Text>
      {answers.map((answer) => (
        <Badge key={answer} variant="default" tt="none">
          {answer}
        </Badge>
      ))}
    </Group>
  );
}

function Answer({ question }: { question: AuthorQuestion }) {
  const t = useT();
  if (question.options.length > 0) {
    return <OptionList options={question.options.map((option) => ({ ...option, key: option.id }))} />;
  }
  if (question.type === 'short') return <AcceptedAnswers answers={question.acceptedAnswers} />;
  return (
    <Text size="sm" c="dimmed">
      {t('quizzes.answers.byHand')}
    </Text>
  );
}

function VideoLink({ question, video }: { question: AuthorQuestion; video?: CourseVideo }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!question.videoId) return null;
  if (!video?.playlistUrl) {
    return (
      <Text size="sm" c="dimmed">
        {t('quizzes.answers.videoGone')}
      </Text>
    );
  }
  const at = question.videoSeconds ?? 0;
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)} ta="left">
        <Group gap={4} component="span" wrap="nowrap">
          <IconPlayerPlay size={14} aria-hidden />
          {t('quizzes.answers.video', { title: video.title, time: formatClock(at) })}
        </Group>
      </Anchor>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={video.title}
        closeButtonProps={{ 'aria-label': t('quizzes.common.close') }}
        size="xl"
      >
        {open && (
          <HlsPlayer src={video.playlistUrl} poster={video.posterUrl} title={video.title} startAt={at} />
        )}
      </Modal>
    </>
  );
}

/** A question as its author checks it: the correct answers highlighted, the explanation and the video. */
export function QuestionAnswers({
  question,
  index,
  video,
}: {
  question: AuthorQuestion;
  index: number;
  video?: CourseVideo;
}) {
  const t = useT();
  return (
    <Card withBorder padding="md" data-testid="view-question">
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={700}>{index + 1}.</Text>
          <Badge variant="light">{t(`quizzes.types.${question.type}`)}</Badge>
          <Text size="xs" c="dimmed">
            {marksText(question.marks)}
            {question.negativeMarks > 0 &&
              ` · ${t('quizzes.common.ifWrong', { marks: String(question.negativeMarks) })}`}
            {isManual(question.type) && ` · ${t('quizzes.answers.markedByHand')}`}
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{question.prompt}</Text>
        <QuestionImages images={question.images} />
        <Answer question={question} />
        {question.explanation && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <Text span fw={600} size="sm">
              {t('quizzes.answers.explanation')}{' '}
            </Text>
            {question.explanation}
          </Text>
        )}
        <VideoLink question={question} video={video} />
      </Stack>
    </Card>
  );
}
