import {
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Paper,
  Progress,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { ALLOWED_ARCHIVE_TYPES, ALLOWED_DOCUMENT_TYPES, ALLOWED_IMAGE_TYPES } from '../../../../common/files';
import { type AnswerResponse, type OpenQuestion, QUIZ_LIMITS } from '../../../../common/quizzes';
import { useT } from '../i18n';
import { QuestionImages } from '../question-images';
import { formatMarks, marksText, optionText } from './format';

/** The file types the server takes for a file answer (it checks the content too). */
const FILE_ANSWER_ACCEPT = [...ALLOWED_IMAGE_TYPES, ...ALLOWED_DOCUMENT_TYPES, ...ALLOWED_ARCHIVE_TYPES].join(
  ',',
);

export interface QuestionFieldProps {
  question: OpenQuestion;
  number: number;
  response: AnswerResponse | undefined;
  /** `debounce` is true for typing, so the saver waits for a pause. */
  onChange: (response: AnswerResponse, debounce: boolean) => void;
  /** Uploads a file answer (which saves it), reporting progress; resolves with the saved response. */
  onFile: (file: File, onProgress: (percent: number) => void) => Promise<AnswerResponse>;
  disabled?: boolean;
}

/** A true/false question's two options, named in the interface's language. */

function FileAnswer({ question, response, onFile, disabled }: QuestionFieldProps) {
  const t = useT();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > QUIZ_LIMITS.fileAnswerMaxBytes) {
      setError(t('quizzes.common.fileTooLarge', { size: QUIZ_LIMITS.fileAnswerMaxBytes / 1024 / 1024 }));
      return;
    }
    setProgress(0);
    try {
      // The upload itself saves the answer; the parent records the response it returns.
      await onFile(file, setProgress);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap="xs">
      <Group>
        <FileButton
          onChange={(file) => void choose(file)}
          accept={FILE_ANSWER_ACCEPT}
          disabled={disabled || progress !== null}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPaperclip size={16} />}>
              {response?.fileName ? t('quizzes.field.replace') : t('quizzes.field.upload')}
            </Button>
          )}
        </FileButton>
        {response?.fileName && (
          <Text size="sm" data-testid={`file-name-${question.id}`}>
            {response.fileName}
          </Text>
        )}
      </Group>
      {progress !== null && <Progress value={progress} aria-label={t('quizzes.field.progress')} />}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** One question of a paper with the input its type needs; the same in the quiz round and the author's preview. */
export function QuestionField(props: QuestionFieldProps) {
  const { question, number, response, onChange, disabled } = props;
  const t = useT();
  const label = t('quizzes.field.question', { number });
  const options =
    question.type === 'true_false'
      ? (question.options.length === 0
          ? ['true', 'false'].map((id) => ({ id, text: '' }))
          : question.options
        ).map((option) => ({
          ...option,
          text: optionText('true_false', option),
        }))
      : question.options;
  let input: React.ReactNode;
  if (question.type === 'single' || question.type === 'true_false') {
    input = (
      <Radio.Group
        aria-label={label}
        value={response?.optionIds?.[0] ?? null}
        onChange={(id) => onChange({ optionIds: [id] }, false)}
      >
        <Stack gap="xs">
          {options.map((option) => (
            <Radio key={option.id} value={option.id} label={option.text} disabled={disabled} />
          ))}
        </Stack>
      </Radio.Group>
    );
  } else if (question.type === 'multiple') {
    input = (
      <Checkbox.Group
        aria-label={label}
        value={response?.optionIds ?? []}
        onChange={(ids) => onChange({ optionIds: ids }, false)}
      >
        <Stack gap="xs">
          {options.map((option) => (
            <Checkbox key={option.id} value={option.id} label={option.text} disabled={disabled} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  } else if (question.type === 'short') {
    input = (
      <TextInput
        aria-label={t('quizzes.field.answerTo', { number })}
        placeholder={t('quizzes.field.yourAnswer')}
        value={response?.text ?? ''}
        maxLength={QUIZ_LIMITS.answerTextLength}
        disabled={disabled}
        onChange={(event) => onChange({ text: event.currentTarget.value }, true)}
      />
    );
  } else if (question.type === 'long') {
    input = (
      <Textarea
        aria-label={t('quizzes.field.answerTo', { number })}
        placeholder={t('quizzes.field.yourAnswer')}
        autosize
        minRows={4}
        maxRows={16}
        value={response?.text ?? ''}
        maxLength={QUIZ_LIMITS.answerTextLength}
        disabled={disabled}
        onChange={(event) => onChange({ text: event.currentTarget.value }, true)}
      />
    );
  } else {
    input = <FileAnswer {...props} />;
  }
  return (
    <Paper withBorder p="md" radius="md" data-testid="quiz-question" aria-label={label} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <Text fw={600}>
            {number}. <span style={{ whiteSpace: 'pre-wrap' }}>{question.prompt}</span>
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Badge variant="light">{t(`quizzes.types.${question.type}`)}</Badge>
            <Badge variant="outline">{marksText(question.marks)}</Badge>
          </Group>
        </Group>
        <QuestionImages images={question.images} />
        {question.negativeMarks > 0 && (
          <Text size="xs" c="dimmed">
            {t('quizzes.field.wrongCosts', { marks: formatMarks(question.negativeMarks) })}
          </Text>
        )}
        {input}
      </Stack>
    </Paper>
  );
}
