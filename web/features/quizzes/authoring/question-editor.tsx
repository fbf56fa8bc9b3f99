import {
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { AuthorQuestion } from '../../../../common/contracts/quizzes';
import {
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  QUIZ_LIMITS,
  type QuestionType,
} from '../../../../common/quizzes';
import { ApiError } from '../../../app/api';
import { commitValidation } from '../../../app/forms';
import { toast } from '../../../app/toast';
import { videosQuery } from '../../courses';
import { useQuestionMutations } from './api';
import { OptionsEditor } from './options-editor';
import {
  CROSS_FIELD_PATHS,
  newOption,
  type QuestionValues,
  questionValues,
  toQuestionInput,
  validateQuestion,
} from './question-form';

const TYPE_OPTIONS = QUESTION_TYPES.map((type) => ({ value: type, label: QUESTION_TYPE_LABELS[type] }));

/** The parts of the editor that depend on the question's type. */
function AnswerFields({ form }: { form: UseFormReturnType<QuestionValues> }) {
  const { type } = form.getValues();
  if (type === 'single' || type === 'multiple') return <OptionsEditor form={form} />;
  if (type === 'true_false') {
    return (
      <Radio.Group label="Correct answer" withAsterisk {...form.getInputProps('trueFalseAnswer')}>
        <Group mt="xs">
          <Radio value="true" label="True" />
          <Radio value="false" label="False" />
        </Group>
      </Radio.Group>
    );
  }
  if (type === 'short') {
    return (
      <TagsInput
        label="Accepted answers"
        withAsterisk
        description="Press Enter after each answer. Case and spacing are ignored when answers are compared."
        maxTags={QUIZ_LIMITS.acceptedAnswers}
        acceptValueOnBlur
        {...form.getInputProps('acceptedAnswers')}
      />
    );
  }
  return (
    <Alert color="blue" variant="light">
      {type === 'long' ? 'Long answers' : 'File answers'} are marked by hand: after a student submits, you
      mark the answer and give feedback on the marking page.
    </Alert>
  );
}

function VideoFields({ form, courseId }: { form: UseFormReturnType<QuestionValues>; courseId: string }) {
  const videos = useQuery(videosQuery(courseId, 'lesson'));
  const ready = (videos.data?.videos ?? []).filter((video) => video.status === 'ready');
  const { videoId } = form.getValues();
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <Select
          label="Teaching video"
          description={
            ready.length === 0 && videos.isSuccess
              ? 'This course has no ready lesson videos yet'
              : 'The lesson that teaches this, linked from the result'
          }
          placeholder={videos.isPending ? 'Loading videos…' : 'None'}
          data={ready.map((video) => ({ value: video.id, label: video.title }))}
          clearable
          {...form.getInputProps('videoId')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          label="Time in the video"
          description="mm:ss"
          placeholder="0:00"
          disabled={!videoId}
          {...form.getInputProps('videoTime')}
        />
      </Grid.Col>
    </Grid>
  );
}

/**
 * Adds or edits one question in a dialog. Each field is checked when committed (left, or chosen) with the
 * shared questionSchema, so the messages match what the server would answer; the server's own answer is
 * shown as well.
 */
export function QuestionEditor({
  courseId,
  quizId,
  question,
  opened,
  onClose,
}: {
  courseId: string;
  quizId: string;
  /** The question being edited; undefined adds a new one. */
  question?: AuthorQuestion;
  opened: boolean;
  onClose: () => void;
}) {
  const { create, update } = useQuestionMutations(courseId, quizId);
  const form: UseFormReturnType<QuestionValues> = useForm<QuestionValues>({
    mode: 'controlled',
    initialValues: questionValues(question),
    validate: validateQuestion,
    // Radio, tags and video are choices, checked as they change; the rest is checked when left.
    ...commitValidation(['trueFalseAnswer', 'acceptedAnswers', 'videoId'], CROSS_FIELD_PATHS),
  });
  const changeType = (value: string | null) => {
    if (!value) return;
    form.setFieldValue('type', value as QuestionType);
    if ((value === 'single' || value === 'multiple') && form.getValues().options.length < 2) {
      form.setFieldValue('options', [newOption(), newOption()]);
    }
    // A single choice question keeps at most one correct option.
    if (value === 'single') {
      let seen = false;
      form.setFieldValue(
        'options',
        form.getValues().options.map((option) => {
          const correct = option.correct && !seen;
          seen ||= option.correct;
          return { ...option, correct };
        }),
      );
    }
    form.clearErrors();
  };
  const submit = form.onSubmit(async (values) => {
    const input = toQuestionInput(values);
    try {
      if (question) await update.mutateAsync({ id: question.id, ...input });
      else await create.mutateAsync(input);
      toast('success', question ? 'Question saved' : 'Question added');
      onClose();
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fields);
      toast('danger', error instanceof Error ? error.message : 'Could not save the question');
    }
  });
  const saving = create.isPending || update.isPending;
  // On a phone the editor takes the whole screen: the form is long and a floating dialog wastes width.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={question ? 'Edit question' : 'Add question'}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="Type"
            withAsterisk
            data={TYPE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('type')}
            onChange={changeType}
          />
          <Textarea label="Question" withAsterisk autosize minRows={2} {...form.getInputProps('prompt')} />
          <AnswerFields form={form} />
          <Grid>
            <Grid.Col span={{ base: 6 }}>
              <NumberInput
                // Checked on blur: a value out of range keeps the schema's message instead of being clamped.
                clampBehavior="none"
                label="Marks"
                withAsterisk
                min={0}
                max={QUIZ_LIMITS.maxMarks}
                decimalScale={2}
                allowNegative={false}
                {...form.getInputProps('marks')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6 }}>
              <NumberInput
                clampBehavior="none"
                label="Negative marks"
                description="Taken off for a wrong answer (never for a blank)"
                min={0}
                max={QUIZ_LIMITS.maxMarks}
                decimalScale={2}
                allowNegative={false}
                {...form.getInputProps('negativeMarks')}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            label="Explanation"
            description="Shown with the result, after the quiz is submitted"
            autosize
            minRows={2}
            {...form.getInputProps('explanation')}
          />
          <VideoFields form={form} courseId={courseId} />
          {Object.keys(form.errors).length > 0 && (
            <Text size="sm" c="red" role="status">
              Please check the fields marked in red.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {question ? 'Save question' : 'Add question'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
