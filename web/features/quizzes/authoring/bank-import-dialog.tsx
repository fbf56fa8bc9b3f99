import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconFileImport } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type {
  BankImportReport,
  BankPreview,
  BankPreviewQuestion,
} from '../../../../common/contracts/quizzes';
import { QUIZ_LIMITS } from '../../../../common/quizzes';
import { toast } from '../../../app/toast';
import { useT } from '../i18n';
import { importBank, previewBank, useQuestionMutations } from './api';
import { marksText } from './format';

/** Previewed questions are drawn a page at a time: a bank of thousands would otherwise freeze a phone. */
const PAGE = 50;

const FILE_TYPES = '.xml,.txt,.gift,.zip,application/xml,text/xml,text/plain,application/zip';

/** What a previewed question's answer is, in one line. */
function AnswerLine({ question }: { question: BankPreviewQuestion }) {
  const t = useT();
  if (question.type === 'single' || question.type === 'multiple') {
    return (
      <List size="sm" spacing={2}>
        {question.options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place in the file; two may read alike
          <List.Item key={`${index}-${option.text}`} fw={option.correct ? 700 : undefined}>
            {option.correct ? `✓ ${option.text}` : option.text}
            {option.correct && <VisuallyHidden> ({t('quizzes.bank.correct')})</VisuallyHidden>}
          </List.Item>
        ))}
      </List>
    );
  }
  if (question.type === 'true_false') {
    return (
      <Text size="sm">
        {t('quizzes.bank.answer', {
          answer: question.trueFalseAnswer ? t('quizzes.common.true') : t('quizzes.common.false'),
        })}
      </Text>
    );
  }
  if (question.type === 'short') {
    return (
      <Text size="sm">{t('quizzes.bank.accepted', { answers: question.acceptedAnswers.join(' · ') })}</Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {t('quizzes.answers.markedByHand')}
    </Text>
  );
}

function PreviewCard(props: { question: BankPreviewQuestion; chosen: boolean; onToggle: () => void }) {
  const { question, chosen, onToggle } = props;
  const t = useT();
  return (
    <Card withBorder padding="sm" data-testid="bank-question" opacity={chosen ? 1 : 0.6}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Checkbox
            checked={chosen}
            onChange={onToggle}
            label={`${question.ref}${question.title ? ` · ${question.title}` : ''}`}
            style={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
          />
          <Group gap={4} wrap="nowrap">
            <Badge variant="outline" color="gray" tt="none" maw="10rem">
              {question.sourceType}
            </Badge>
            <Text size="xs" aria-hidden>
              →
            </Text>
            <Badge variant="light">{t(`quizzes.types.${question.type}`)}</Badge>
          </Group>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={6}>
          {question.prompt}
        </Text>
        <AnswerLine question={question} />
        <Text size="xs" c="dimmed">
          {marksText(question.marks)}
          {question.images.length > 0 &&
            ` · ${t('quizzes.bank.pictures', { count: question.images.length })}`}
          {question.tags.length > 0 && ` · ${t('quizzes.bank.tags', { tags: question.tags.join(', ') })}`}
        </Text>
        {question.explanation && (
          <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
            <Text span fw={600} size="sm">
              {t('quizzes.answers.explanation')}{' '}
            </Text>
            {question.explanation}
          </Text>
        )}
        {question.notes.map((note) => (
          <Group key={note} gap={4} wrap="nowrap" align="flex-start" data-testid="bank-note">
            <IconAlertTriangle
              size={14}
              color="var(--mantine-color-orange-filled)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Text size="xs">{note}</Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function SkippedList({ skipped }: { skipped: BankPreview['skipped'] }) {
  const t = useT();
  if (skipped.length === 0) return null;
  // Stacked rather than a table: the reason, the part a teacher reads, stays in view on a phone.
  return (
    <Stack gap="xs" component="section" aria-labelledby="bank-skipped-heading">
      <Title order={3} size="h5" id="bank-skipped-heading">
        {t('quizzes.bank.skippedHeading', { count: skipped.length })}
      </Title>
      {skipped.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a left-out question is its place in the file
        <Card key={index} withBorder padding="xs" data-testid="bank-skipped">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {row.ref}
              {row.title && ` · ${row.title}`}
            </Text>
            {row.sourceType && (
              <Badge variant="outline" color="gray" tt="none" maw="100%">
                {row.sourceType}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.reason}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * Brings questions in from Moodle XML, GIFT, Aiken or QTI: the file is read on the server and previewed, question
 * by question, with what each becomes and every one left out with its reason; only "Import" saves, and only the
 * ticked questions.
 */
export function BankImportDialog(props: {
  courseId: string;
  quizId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { courseId, quizId, opened, onClose } = props;
  const t = useT();
  const { refresh } = useQuestionMutations(courseId, quizId);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [preview, setPreview] = useState<BankPreview | null>(null);
  const [leftOut, setLeftOut] = useState<Set<number>>(new Set());
  const [shown, setShown] = useState(PAGE);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<BankImportReport | null>(null);
  const summary = useRef<HTMLDivElement>(null);

  // The buttons that had focus are gone once the preview (or a report) is shown: focus its first line, so a
  // keyboard or screen-reader user goes on inside the dialog.
  useEffect(() => {
    if (preview || report) summary.current?.focus();
  }, [preview, report]);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setLeftOut(new Set());
    setShown(PAGE);
    setError(null);
    setReport(null);
  };
  const close = () => {
    if (percent !== null) return; // an upload in flight finishes first
    reset();
    onClose();
  };
  const choose = (next: File | null) => {
    reset();
    setFile(next);
    if (next && next.size > QUIZ_LIMITS.bankMaxBytes) {
      setError(t('quizzes.common.fileTooLarge', { size: QUIZ_LIMITS.bankMaxBytes / 1024 / 1024 }));
    }
  };
  const run = async <T,>(work: () => Promise<T>): Promise<T | null> => {
    setError(null);
    setPercent(0);
    try {
      return await work();
    } catch (failure) {
      // Said once, in the dialog beside the file (a toast as well would cover the dialog's title on a phone).
      setError(failure instanceof Error ? failure.message : t('quizzes.csv.failed'));
      return null;
    } finally {
      setPercent(null);
    }
  };
  const read = async () => {
    if (!file) return;
    const answer = await run(() => previewBank(quizId, file, setPercent));
    if (!answer) return;
    setPreview(answer);
    // A question that lost a sound or a picture starts unticked: the teacher decides whether it still works.
    setLeftOut(
      new Set(answer.questions.filter((question) => question.incomplete).map((question) => question.index)),
    );
  };
  const save = async () => {
    if (!file || !preview) return;
    const answer = await run(() =>
      importBank(quizId, file, { digest: preview.digest, leaveOut: [...leftOut] }, setPercent),
    );
    if (!answer) return;
    if (answer.imported > 0) refresh();
    if (answer.noRoom > 0) {
      // Kept on screen, not in a toast that fades: the teacher needs to know what did not come in.
      setPreview(null);
      setFile(null);
      setReport(answer);
      return;
    }
    toast('success', t('quizzes.csv.imported', { count: answer.imported }));
    reset();
    onClose();
  };
  const toggle = (index: number) =>
    setLeftOut((before) => {
      const next = new Set(before);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  const chosenCount = preview ? preview.questions.length - leftOut.size : 0;
  const incompleteCount = preview ? preview.questions.filter((question) => question.incomplete).length : 0;
  const tooBig = file !== null && file.size > QUIZ_LIMITS.bankMaxBytes;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('quizzes.bank.title')}
      closeButtonProps={{ 'aria-label': t('quizzes.common.close') }}
      size="xl"
    >
      <Stack>
        {report && (
          <Alert color="yellow" variant="light" ref={summary} tabIndex={-1} data-testid="bank-report">
            {t('quizzes.bank.importedNoRoom', { count: report.imported, noRoom: report.noRoom })}
          </Alert>
        )}
        {!preview && !report && (
          <>
            <Text size="sm">{t('quizzes.bank.help')}</Text>
            <FileInput
              label={t('quizzes.bank.file')}
              placeholder={t('quizzes.bank.choose')}
              accept={FILE_TYPES}
              leftSection={<IconFileImport size={16} />}
              value={file}
              onChange={choose}
              clearable
              disabled={percent !== null}
              data-autofocus
            />
          </>
        )}
        {percent !== null && (
          <Stack gap={4}>
            <Text size="sm" aria-live="polite">
              {percent < 100 ? t('quizzes.csv.uploading', { percent }) : t('quizzes.bank.reading')}
            </Text>
            <Progress value={percent} aria-label={t('quizzes.csv.progress')} animated={percent >= 100} />
          </Stack>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {preview && (
          <Stack gap="sm" data-testid="bank-preview">
            <Alert
              color={preview.questions.length > 0 ? 'blue' : 'yellow'}
              variant="light"
              ref={summary}
              tabIndex={-1}
              data-testid="bank-summary"
            >
              {t('quizzes.bank.summary', {
                count: preview.questions.length,
                skipped: preview.skipped.length,
                format: t(`quizzes.bank.format.${preview.format}`),
              })}
            </Alert>
            {incompleteCount > 0 && (
              <Text size="sm" data-testid="bank-incomplete">
                {t('quizzes.bank.incomplete', { count: incompleteCount })}
              </Text>
            )}
            {chosenCount > preview.room && (
              <Alert color="yellow" variant="light">
                {t('quizzes.bank.noRoom', { room: preview.room, max: QUIZ_LIMITS.questionsPerQuiz })}
              </Alert>
            )}
            {preview.questions.length > 1 && (
              <Group gap="xs">
                <Button size="xs" variant="subtle" onClick={() => setLeftOut(new Set())}>
                  {t('quizzes.bank.tickAll')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => setLeftOut(new Set(preview.questions.map((question) => question.index)))}
                >
                  {t('quizzes.bank.untickAll')}
                </Button>
              </Group>
            )}
            {preview.questions.slice(0, shown).map((question) => (
              <PreviewCard
                key={question.index}
                question={question}
                chosen={!leftOut.has(question.index)}
                onToggle={() => toggle(question.index)}
              />
            ))}
            {shown < preview.questions.length && (
              <Button variant="default" onClick={() => setShown((count) => count + PAGE)}>
                {t('quizzes.bank.showMore', { count: Math.min(PAGE, preview.questions.length - shown) })}
              </Button>
            )}
            <SkippedList skipped={preview.skipped} />
          </Stack>
        )}
        <Group justify="flex-end">
          {report ? (
            <Button onClick={close}>{t('quizzes.csv.done')}</Button>
          ) : preview ? (
            <>
              <Button variant="default" onClick={reset} disabled={percent !== null}>
                {t('quizzes.bank.another')}
              </Button>
              <Button
                onClick={save}
                loading={percent !== null}
                disabled={chosenCount === 0 || preview.room === 0}
              >
                {t('quizzes.bank.import', { count: Math.min(chosenCount, preview.room) })}
              </Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={percent !== null}>
                {t('quizzes.common.cancel')}
              </Button>
              <Button onClick={read} loading={percent !== null} disabled={!file || tooBig}>
                {t('quizzes.bank.preview')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
