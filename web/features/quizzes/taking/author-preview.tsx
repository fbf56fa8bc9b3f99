import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import type { AuthorQuestion, QuizDetail } from '../../../../common/contracts/quizzes';
import type { AnswerResponse, OpenQuestion } from '../../../../common/quizzes';
import { countOf } from '../../../../common/words';
import { toast } from '../../../app/toast';
import { usePreviewCheck } from './api';
import { formatMarks, formatTimeLimit, marksText } from './format';
import { QuizPaper } from './quiz-paper';

/** The question as a student sees it: the correct answers are left out, never drawn on the paper. */
const asOpenQuestion = (question: AuthorQuestion): OpenQuestion => ({
  id: question.id,
  type: question.type,
  prompt: question.prompt,
  options: question.options.map(({ id, text }) => ({ id, text })),
  marks: question.marks,
  negativeMarks: question.negativeMarks,
});

/** The author's preview: the paper exactly as students get it, checked on the server, nothing recorded. */
export function AuthorPreview({ quiz }: { quiz: QuizDetail }) {
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
        title="Preview — nothing is recorded"
        data-testid="preview-banner"
      >
        This is the quiz as students see it. Your answers are not saved and no attempt is counted.
      </Alert>
      <div>
        <Title order={1} size="h2">
          {quiz.title}
        </Title>
        <Text size="sm" c="dimmed">
          {countOf(quiz.questionCount, 'question')} · {marksText(quiz.totalMarks)} ·{' '}
          {formatTimeLimit(quiz.timeLimitMinutes)} · pass mark {quiz.passPercent}%
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
          Check answers
        </Button>
      </Group>
      {result && (
        <Card withBorder padding="lg" data-testid="preview-result">
          <Group justify="space-between">
            <Text fw={700} size="lg">
              {formatMarks(result.score)} / {formatMarks(result.maxScore)} ({formatMarks(result.percent)}%)
            </Text>
            <Badge color={result.passed ? 'green' : 'red'} size="lg">
              {result.passed ? 'Passed' : 'Failed'}
            </Badge>
          </Group>
          <List mt="sm" spacing={4}>
            {result.questions.map((q) => (
              <List.Item key={q.id}>
                Question {numberOf(q.id)}:{' '}
                {q.correct === null
                  ? 'marked by the teacher'
                  : `${q.correct ? 'right' : 'wrong'} (${formatMarks(q.score ?? 0)})`}
              </List.Item>
            ))}
          </List>
        </Card>
      )}
    </Stack>
  );
}
