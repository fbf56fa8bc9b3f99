import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconFileImport, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuthorQuestion, QuizDetail } from '../../../../common/contracts/quizzes';
import { QUIZ_LIMITS } from '../../../../common/quizzes';
import { countOf } from '../../../../common/words';
import { CsvImportDialog } from './csv-import-dialog';
import { marksText } from './format';
import { previewQuizPath, viewQuizPath } from './paths';
import { QuestionEditor } from './question-editor';
import { QuestionList } from './question-list';
import { QuizPageFrame } from './quiz-page-frame';
import { QuizSettingsForm } from './quiz-settings-form';

/** What the question dialog is doing: adding, editing one question, or closed. */
type Editing = { mode: 'add' } | { mode: 'edit'; question: AuthorQuestion } | null;

function QuestionsSection({ courseId, quiz }: { courseId: string; quiz: QuizDetail }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const full = quiz.questions.length >= QUIZ_LIMITS.questionsPerQuiz;
  const add = () => setEditing({ mode: 'add' });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2} size="h4">
            Questions
          </Title>
          <Text size="sm" c="dimmed" data-testid="quiz-totals">
            {countOf(quiz.questions.length, 'question')} · {marksText(quiz.totalMarks)} in total
          </Text>
        </Stack>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={add} disabled={full}>
            Add question
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileImport size={16} />}
            onClick={() => setImporting(true)}
            disabled={full}
          >
            Import CSV
          </Button>
        </Group>
      </Group>
      {full && (
        <Text size="sm" c="dimmed">
          A quiz holds at most {QUIZ_LIMITS.questionsPerQuiz} questions.
        </Text>
      )}
      <QuestionList
        questions={quiz.questions}
        courseId={courseId}
        onAdd={add}
        onEdit={(question) => setEditing({ mode: 'edit', question })}
      />
      {editing && (
        <QuestionEditor
          key={editing.mode === 'edit' ? editing.question.id : 'new'}
          courseId={courseId}
          quizId={quiz.id}
          question={editing.mode === 'edit' ? editing.question : undefined}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      <CsvImportDialog
        courseId={courseId}
        quizId={quiz.id}
        opened={importing}
        onClose={() => setImporting(false)}
      />
    </Stack>
  );
}

/** /add-quiz?courseId=…[&quizId=…]: a quiz's settings, then its questions (added, imported, ordered). */
export default function AddQuizPage() {
  const [, setParams] = useSearchParams();
  return (
    <QuizPageFrame heading={(quiz) => (quiz ? `Edit quiz: ${quiz.title}` : 'New quiz')} requireQuiz={false}>
      {(course, quiz) => (
        <>
          {quiz && (
            <Group gap="xs">
              <Button
                component={Link}
                to={viewQuizPath(course.id, quiz.id)}
                variant="default"
                size="xs"
                leftSection={<IconEye size={14} />}
              >
                View
              </Button>
              <Button
                component={Link}
                to={previewQuizPath(course.id, quiz.id)}
                variant="default"
                size="xs"
                leftSection={<IconPlayerPlay size={14} />}
              >
                Preview
              </Button>
            </Group>
          )}
          <Card withBorder padding="lg">
            <Stack>
              <Title order={2} size="h4">
                Settings
              </Title>
              <QuizSettingsForm
                key={quiz?.id ?? 'new'}
                courseId={course.id}
                quiz={quiz}
                onCreated={(created) =>
                  setParams({ courseId: course.id, quizId: created.id }, { replace: true })
                }
              />
            </Stack>
          </Card>
          <Card withBorder padding="lg">
            {quiz ? (
              <QuestionsSection courseId={course.id} quiz={quiz} />
            ) : (
              <Text c="dimmed">Create the quiz first; then add its questions here.</Text>
            )}
          </Card>
        </>
      )}
    </QuizPageFrame>
  );
}
