import { Anchor, Badge, Card, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconPoint } from '@tabler/icons-react';
import { useState } from 'react';
import type { CourseVideo } from '../../../../common/contracts/course-content';
import type { AuthorQuestion } from '../../../../common/contracts/quizzes';
import { isManual, QUESTION_TYPE_LABELS } from '../../../../common/quizzes';
import { formatClock } from '../../../../common/time';
import { HlsPlayer } from '../../../components/hls-player';

import { marksText } from './format';

function Options({ question }: { question: AuthorQuestion }) {
  return (
    <List spacing={4} listStyleType="none" aria-label="Options">
      {question.options.map((option) => (
        <List.Item
          key={option.id}
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
          <Text span fw={option.correct ? 700 : 400}>
            {option.text}
          </Text>
          {option.correct && (
            <Text span size="xs" c="dimmed">
              {' '}
              (correct)
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

function Answer({ question }: { question: AuthorQuestion }) {
  if (question.options.length > 0) return <Options question={question} />;
  if (question.type === 'short') {
    return (
      <Group gap={6}>
        <Text size="sm">Accepted answers:</Text>
        {question.acceptedAnswers.map((answer) => (
          <Badge key={answer} variant="default" tt="none">
            {answer}
          </Badge>
        ))}
      </Group>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Marked by hand.
    </Text>
  );
}

function VideoLink({ question, video }: { question: AuthorQuestion; video?: CourseVideo }) {
  const [open, setOpen] = useState(false);
  if (!question.videoId) return null;
  if (!video?.playlistUrl) {
    return (
      <Text size="sm" c="dimmed">
        Teaching video: no longer available.
      </Text>
    );
  }
  const at = question.videoSeconds ?? 0;
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)} ta="left">
        <Group gap={4} component="span" wrap="nowrap">
          <IconPlayerPlay size={14} aria-hidden />
          Teaching video: {video.title} at {formatClock(at)}
        </Group>
      </Anchor>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={video.title}
        closeButtonProps={{ 'aria-label': 'Close' }}
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
  return (
    <Card withBorder padding="md" data-testid="view-question">
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={700}>{index + 1}.</Text>
          <Badge variant="light">{QUESTION_TYPE_LABELS[question.type]}</Badge>
          <Text size="xs" c="dimmed">
            {marksText(question.marks)}
            {question.negativeMarks > 0 && ` · −${question.negativeMarks} if wrong`}
            {isManual(question.type) && ' · marked by hand'}
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{question.prompt}</Text>
        <Answer question={question} />
        {question.explanation && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <Text span fw={600} size="sm">
              Explanation:{' '}
            </Text>
            {question.explanation}
          </Text>
        )}
        <VideoLink question={question} video={video} />
      </Stack>
    </Card>
  );
}
