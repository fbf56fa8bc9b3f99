import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { QuizDetail } from '../../../../common/contracts/quizzes';
import { videosQuery } from '../../courses';
import { useT } from '../i18n';
import { attemptsText, timeLimitText } from './format';
import { addQuizPath, previewQuizPath } from './paths';
import { QuestionAnswers } from './question-answers';
import { QuizPageFrame } from './quiz-page-frame';

function Setting({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}

function SettingsSummary({ quiz }: { quiz: QuizDetail }) {
  const t = useT();
  return (
    <Card withBorder padding="lg" data-testid="quiz-settings-summary">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Setting label={t('quizzes.common.questions')} value={String(quiz.questionCount)} />
          <Setting label={t('quizzes.common.totalMarks')} value={String(quiz.totalMarks)} />
          <Setting label={t('quizzes.common.timeLimit')} value={timeLimitText(quiz.timeLimitMinutes)} />
          <Setting label={t('quizzes.common.attemptsAllowed')} value={attemptsText(quiz.attemptsAllowed)} />
          <Setting label={t('quizzes.common.passMark')} value={`${quiz.passPercent}%`} />
          <Setting
            label={t('quizzes.view.display')}
            value={
              quiz.displayMode === 'one' ? t('quizzes.common.oneAtATime') : t('quizzes.common.allAtOnce')
            }
          />
          <Setting
            label={t('quizzes.common.shuffleQuestions')}
            value={quiz.shuffleQuestions ? t('quizzes.view.yes') : t('quizzes.view.no')}
          />
          <Setting
            label={t('quizzes.common.shuffleOptions')}
            value={quiz.shuffleOptions ? t('quizzes.view.yes') : t('quizzes.view.no')}
          />
        </SimpleGrid>
        {quiz.instructions && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <Text span fw={600} size="sm">
              {t('quizzes.view.instructions')}{' '}
            </Text>
            {quiz.instructions}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Questions({ courseId, quiz }: { courseId: string; quiz: QuizDetail }) {
  const t = useT();
  const videos = useQuery(videosQuery(courseId, 'lesson'));
  const byId = new Map((videos.data?.videos ?? []).map((video) => [video.id, video]));
  if (quiz.questions.length === 0) {
    return (
      <Card withBorder padding="lg" data-testid="questions-empty">
        <Stack align="center" gap="xs">
          <Text c="dimmed" ta="center">
            {t('quizzes.view.empty')}
          </Text>
          <Button
            component={Link}
            to={addQuizPath(courseId, quiz.id)}
            variant="light"
            leftSection={<IconPlus size={16} />}
          >
            {t('quizzes.view.addQuestions')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="sm">
      {quiz.questions.map((question, index) => (
        <QuestionAnswers
          key={question.id}
          question={question}
          index={index}
          video={question.videoId ? byId.get(question.videoId) : undefined}
        />
      ))}
    </Stack>
  );
}

/** /view-quiz?quizId=…&courseId=…: the quiz as its author checks it, with every correct answer shown. */
export default function ViewQuizPage() {
  const t = useT();
  return (
    <QuizPageFrame heading={(quiz) => quiz?.title ?? t('quizzes.view.heading')} requireQuiz>
      {(course, quiz) =>
        quiz && (
          <>
            <Group gap="xs">
              <Button
                component={Link}
                to={addQuizPath(course.id, quiz.id)}
                leftSection={<IconPencil size={16} />}
              >
                {t('quizzes.common.edit')}
              </Button>
              <Button
                component={Link}
                to={previewQuizPath(course.id, quiz.id)}
                variant="default"
                leftSection={<IconPlayerPlay size={16} />}
              >
                {t('quizzes.common.preview')}
              </Button>
            </Group>
            <SettingsSummary quiz={quiz} />
            <Title order={2} size="h4">
              {t('quizzes.view.questionsAndAnswers')}
            </Title>
            <Questions courseId={course.id} quiz={quiz} />
          </>
        )
      }
    </QuizPageFrame>
  );
}
