import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import {
  type AuthorQuestion,
  type QuestionInput,
  questionSchema,
} from '../../../../common/contracts/quizzes';
import type { QuestionType } from '../../../../common/quizzes';
import { formatClock } from '../../../../common/time';
import { zodValidate } from '../../../app/forms';
import { t } from '../i18n';
import { parseVideoTime } from './format';

/** An option row in the editor; `key` only keeps React's list stable, `id` is the saved option's. */
export interface OptionValues {
  key: string;
  id?: string;
  text: string;
  correct: boolean;
}

/** The question editor's values: the API's shape, with the texts people type (true/false, mm:ss). */
export interface QuestionValues {
  type: QuestionType;
  prompt: string;
  options: OptionValues[];
  trueFalseAnswer: '' | 'true' | 'false';
  acceptedAnswers: string[];
  marks: number | string;
  negativeMarks: number | string;
  explanation: string;
  videoId: string | null;
  videoTime: string;
  tags: string[];
  /** The pictures it keeps (an import's); the editor can only take them away. */
  images: AuthorQuestion['images'];
}

export const newOption = (text = '', correct = false): OptionValues => ({ key: randomId(), text, correct });

const hasOwnOptions = (type: QuestionType) => type === 'single' || type === 'multiple';

export function questionValues(question?: AuthorQuestion): QuestionValues {
  if (!question) {
    return {
      type: 'single',
      prompt: '',
      options: [newOption(), newOption()],
      trueFalseAnswer: '',
      acceptedAnswers: [],
      marks: 1,
      negativeMarks: 0,
      explanation: '',
      videoId: null,
      videoTime: '',
      tags: [],
      images: [],
    };
  }
  const trueOption = question.options.find((option) => option.id === 'true');
  return {
    type: question.type,
    prompt: question.prompt,
    options: hasOwnOptions(question.type)
      ? question.options.map((option) => ({ key: randomId(), ...option }))
      : [newOption(), newOption()],
    trueFalseAnswer:
      question.type === 'true_false' && trueOption ? (trueOption.correct ? 'true' : 'false') : '',
    acceptedAnswers: question.acceptedAnswers,
    marks: question.marks,
    negativeMarks: question.negativeMarks,
    explanation: question.explanation,
    videoId: question.videoId,
    videoTime: question.videoSeconds === null ? '' : formatClock(question.videoSeconds),
    tags: question.tags,
    images: question.images,
  };
}

/** What the API receives: only the parts the question's type uses (true/false options are the server's). */
export function toQuestionInput(values: QuestionValues): QuestionInput {
  const seconds = parseVideoTime(values.videoTime);
  return {
    type: values.type,
    prompt: values.prompt,
    options: hasOwnOptions(values.type)
      ? values.options.map(({ id, text, correct }) => (id ? { id, text, correct } : { text, correct }))
      : [],
    trueFalseAnswer:
      values.type === 'true_false' && values.trueFalseAnswer !== ''
        ? values.trueFalseAnswer === 'true'
        : undefined,
    acceptedAnswers: values.type === 'short' ? values.acceptedAnswers : [],
    marks: values.marks,
    negativeMarks: values.negativeMarks,
    explanation: values.explanation,
    videoId: values.videoId || null,
    videoSeconds: values.videoId && typeof seconds === 'number' ? seconds : null,
    tags: values.tags,
    images: values.images.map(({ key, alt }) => ({ key, alt })),
  };
}

const checkInput = zodValidate(questionSchema);

/** The editor's validator: the shared schema's messages, plus the mm:ss field only the browser has. */
export function validateQuestion(values: QuestionValues): Record<string, string> {
  const errors = checkInput(toQuestionInput(values));
  if ('videoSeconds' in errors) {
    errors.videoTime = errors.videoSeconds;
    delete errors.videoSeconds;
  }
  if (values.videoId && parseVideoTime(values.videoTime) === undefined) {
    errors.videoTime = t('quizzes.editor.timeInvalid');
  }
  return errors;
}

/**
 * Fields whose message depends on other fields (the schema's cross checks only run once the rest is valid),
 * so they are checked again on every commit elsewhere in the editor (see commitValidation's `recheck`).
 * `options` is not among them: the options editor checks it itself, with checkOptions.
 */
export const CROSS_FIELD_PATHS = [
  'trueFalseAnswer',
  'acceptedAnswers',
  'negativeMarks',
  'videoId',
  'videoTime',
];

/**
 * Sets or clears the options' own message ("Please mark exactly one correct option"), when an option is
 * marked, added or removed. form.validateField('options') would also lift an option's text message up to
 * the list, so a freshly added empty option would be reported before anyone typed in it.
 */
export function checkOptions(form: UseFormReturnType<QuestionValues>): void {
  const message = validateQuestion(form.getValues()).options;
  if (message) form.setFieldError('options', message);
  else form.clearFieldError('options');
}
