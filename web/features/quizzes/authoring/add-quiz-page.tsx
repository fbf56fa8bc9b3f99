import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconDatabaseImport,
  IconEye,
  IconFileImport,
  IconPlayerPlay,
  IconPlus,
  IconSparkles,
} from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuthorQuestion, QuizDetail } from '../../../../common/contracts/quizzes';
import { QUIZ_LIMITS } from '../../../../common/quizzes';
import { useT } from '../i18n';
import { BankImportDialog } from './bank-import-dialog';
import { CsvImportDialog } from './csv-import-dialog';
import { DraftReview } from './draft-review';
import { marksText } from './format';
import { previewQuizPath, viewQuizPath } from './paths';
import { QtiExportButton } from './qti-export-button';
import { QuestionEditor } from './question-editor';
import { QuestionList } from './question-list';
import { QuizPageFrame } from './quiz-page-frame';
import { QuizSettingsForm } from './quiz-settings-form';

/** What the question dialog is doing: adding, editing one question, or closed. */
type Editing = { mode: 'add' } | { mode: 'edit'; question: AuthorQuestion } | null;

function QuestionsSection({ courseId, quiz }: { courseId: string; quiz: QuizDetail }) {
  const t = useT();
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const [importingBank, setImportingBank] = useState(false);
  // "Suggested questions": open or not, and how many times "Draft questions" was pressed (to bring it into view).
  const [reviewing, setReviewing] = useState(false);
  const [summoned, setSummoned] = useState(0);
  const reviewId = useId();
  const draftButton = useRef<HTMLButtonElement>(null);
  const full = quiz.questions.length >= QUIZ_LIMITS.questionsPerQuiz;
  const add = () => setEditing({ mode: 'add' });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2} size="h4">
            {t('quizzes.common.questions')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="quiz-totals">
            {t('quizzes.add.totals', { count: quiz.questions.length, marks: marksText(quiz.totalMarks) })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={add} disabled={full}>
            {t('quizzes.common.addQuestion')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileImport size={16} />}
            onClick={() => setImporting(true)}
            disabled={full}
          >
            {t('quizzes.add.importCsv')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDatabaseImport size={16} />}
            onClick={() => setImportingBank(true)}
            disabled={full}
          >
            {t('quizzes.add.importBank')}
          </Button>
          <Button
            ref={draftButton}
            variant="light"
            leftSection={<IconSparkles size={16} />}
            aria-expanded={reviewing}
            aria-controls={reviewing ? reviewId : undefined}
            onClick={() => {
              setReviewing(true);
              setSummoned((count) => count + 1);
            }}
          >
            {t('quizzes.drafts.open')}
          </Button>
          <QtiExportButton quizId={quiz.id} />
        </Group>
      </Group>
      {full && (
        <Text size="sm" c="dimmed">
          {t('quizzes.add.full', { max: QUIZ_LIMITS.questionsPerQuiz })}
        </Text>
      )}
      {reviewing && (
        <div id={reviewId}>
          <DraftReview
            courseId={courseId}
            quizId={quiz.id}
            full={full}
            summoned={summoned}
            onHide={() => {
              setReviewing(false);
              draftButton.current?.focus();
            }}
          />
        </div>
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
      <BankImportDialog
        courseId={courseId}
        quizId={quiz.id}
        opened={importingBank}
        onClose={() => setImportingBank(false)}
      />
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
  const t = useT();
  const [, setParams] = useSearchParams();
  return (
    <QuizPageFrame
      heading={(quiz) =>
        quiz ? t('quizzes.add.editHeading', { title: quiz.title }) : t('quizzes.add.newHeading')
      }
      requireQuiz={false}
    >
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
                {t('quizzes.common.view')}
              </Button>
              <Button
                component={Link}
                to={previewQuizPath(course.id, quiz.id)}
                variant="default"
                size="xs"
                leftSection={<IconPlayerPlay size={14} />}
              >
                {t('quizzes.common.preview')}
              </Button>
            </Group>
          )}
          <Card withBorder padding="lg">
            <Stack>
              <Title order={2} size="h4">
                {t('quizzes.add.settings')}
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
              <Text c="dimmed">{t('quizzes.add.createFirst')}</Text>
            )}
          </Card>
        </>
      )}
    </QuizPageFrame>
  );
}
