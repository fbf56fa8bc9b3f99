import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { QuizDetail } from '../../../../common/contracts/quizzes';
import { videosQuery } from '../../courses';
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
  return (
    <Card withBorder padding="lg" data-testid="quiz-settings-summary">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Setting label="Questions" value={String(quiz.questionCount)} />
          <Setting label="Total marks" value={String(quiz.totalMarks)} />
          <Setting label="Time limit" value={timeLimitText(quiz.timeLimitMinutes)} />
          <Setting label="Attempts allowed" value={attemptsText(quiz.attemptsAllowed)} />
          <Setting label="Pass mark" value={`${quiz.passPercent}%`} />
          <Setting
            label="Display"
            value={quiz.displayMode === 'one' ? 'One question at a time' : 'All questions at once'}
          />
          <Setting label="Shuffle questions" value={quiz.shuffleQuestions ? 'Yes' : 'No'} />
          <Setting label="Shuffle options" value={quiz.shuffleOptions ? 'Yes' : 'No'} />
        </SimpleGrid>
        {quiz.instructions && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <Text span fw={600} size="sm">
              Instructions:{' '}
            </Text>
            {quiz.instructions}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Questions({ courseId, quiz }: { courseId: string; quiz: QuizDetail }) {
  const videos = useQuery(videosQuery(courseId, 'lesson'));
  const byId = new Map((videos.data?.videos ?? []).map((video) => [video.id, video]));
  if (quiz.questions.length === 0) {
    return (
      <Card withBorder padding="lg" data-testid="questions-empty">
        <Stack align="center" gap="xs">
          <Text c="dimmed" ta="center">
            This quiz has no questions yet. Add them in the quiz editor.
          </Text>
          <Button
            component={Link}
            to={addQuizPath(courseId, quiz.id)}
            variant="light"
            leftSection={<IconPlus size={16} />}
          >
            Add questions
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
  return (
    <QuizPageFrame heading={(quiz) => quiz?.title ?? 'Quiz'} requireQuiz>
      {(course, quiz) =>
        quiz && (
          <>
            <Group gap="xs">
              <Button
                component={Link}
                to={addQuizPath(course.id, quiz.id)}
                leftSection={<IconPencil size={16} />}
              >
                Edit
              </Button>
              <Button
                component={Link}
                to={previewQuizPath(course.id, quiz.id)}
                variant="default"
                leftSection={<IconPlayerPlay size={16} />}
              >
                Preview
              </Button>
            </Group>
            <SettingsSummary quiz={quiz} />
            <Title order={2} size="h4">
              Questions and answers
            </Title>
            <Questions courseId={course.id} quiz={quiz} />
          </>
        )
      }
    </QuizPageFrame>
  );
}
