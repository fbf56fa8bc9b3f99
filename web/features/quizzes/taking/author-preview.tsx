import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import type { AuthorQuestion, QuizDetail } from '../../../../common/contracts/quizzes';
import type { AnswerResponse, OpenQuestion } from '../../../../common/quizzes';
import { toast } from '../../../app/toast';
import { useT } from '../i18n';
import { usePreviewCheck } from './api';
import { formatMarks, formatTimeLimit, marksText } from './format';
import { QuizPaper } from './quiz-paper';

/** The question as a student sees it: the correct answers are left out, never drawn on the paper. */
const asOpenQuestion = (question: AuthorQuestion): OpenQuestion => ({
  id: question.id,
  type: question.type,
  prompt: question.prompt,
  images: question.images.map(({ url, alt }) => ({ url, alt })),
  options: question.options.map(({ id, text }) => ({ id, text })),
  marks: question.marks,
  negativeMarks: question.negativeMarks,
});

/** The author's preview: the paper exactly as students get it, checked on the server, nothing recorded. */
export function AuthorPreview({ quiz }: { quiz: QuizDetail }) {
  const t = useT();
  const [responses, setResponses] = useState<Record<string, AnswerResponse>>({});
  const check = usePreviewCheck(quiz.id);
  const questions = quiz.questions.map(asOpenQuestion);
  const result = check.data;
  const numberOf = (id: string) => questions.findIndex((q) => q.id === id) + 1;
  return (
    <Stack>
      <Alert
        color="violet"
        icon={<IconEye />}
        title={t('quizzes.preview.bannerTitle')}
        data-testid="preview-banner"
      >
        {t('quizzes.preview.banner')}
      </Alert>
      <div>
        <Title order={1} size="h2">
          {quiz.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('quizzes.preview.facts', {
            count: quiz.questionCount,
            marks: marksText(quiz.totalMarks),
            timeLimit: formatTimeLimit(quiz.timeLimitMinutes),
            pass: quiz.passPercent,
          })}
        </Text>
      </div>
      {quiz.instructions && <Text style={{ whiteSpace: 'pre-wrap' }}>{quiz.instructions}</Text>}
      <QuizPaper
        questions={questions}
        responses={responses}
        displayMode={quiz.displayMode}
        onChange={(id, response) => setResponses((current) => ({ ...current, [id]: response }))}
        // Nothing is uploaded in a preview: the file's name stands in for it.
        onFile={async (id, file) => {
          const response = { fileName: file.name };
          setResponses((current) => ({ ...current, [id]: response }));
          return response;
        }}
      />
      <Group justify="flex-end">
        <Button
          onClick={() => check.mutate(responses, { onError: (error) => toast('danger', error.message) })}
          loading={check.isPending}
        >
          {t('quizzes.preview.check')}
        </Button>
      </Group>
      {result && (
        <Card withBorder padding="lg" data-testid="preview-result">
          <Group justify="space-between">
            <Text fw={700} size="lg">
              {formatMarks(result.score)} / {formatMarks(result.maxScore)} ({formatMarks(result.percent)}%)
            </Text>
            <Badge color={result.passed ? 'green' : 'red'} size="lg">
              {result.passed ? t('quizzes.common.passed') : t('quizzes.common.failed')}
            </Badge>
          </Group>
          <List mt="sm" spacing={4}>
            {result.questions.map((q) => (
              <List.Item key={q.id}>
                {q.correct === null
                  ? t('quizzes.preview.byTeacher', { number: numberOf(q.id) })
                  : t(q.correct ? 'quizzes.preview.right' : 'quizzes.preview.wrong', {
                      number: numberOf(q.id),
                      score: formatMarks(q.score ?? 0),
                    })}
              </List.Item>
            ))}
          </List>
        </Card>
      )}
    </Stack>
  );
}
