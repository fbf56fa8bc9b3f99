import {
  Alert,
  Button,
  Grid,
  Group,
  Image,
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
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { AuthorQuestion, QuestionInput } from '../../../../common/contracts/quizzes';
import { QUESTION_TYPES, QUIZ_LIMITS, type QuestionType } from '../../../../common/quizzes';
import { ApiError } from '../../../app/api';
import { commitValidation } from '../../../app/forms';
import { toast } from '../../../app/toast';
import { videosQuery } from '../../courses';
import { useT } from '../i18n';
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

/** The pictures an imported question shows, each removable (new ones come only from an import). */
function KeptImages({ form }: { form: UseFormReturnType<QuestionValues> }) {
  const t = useT();
  const { images } = form.getValues();
  if (images.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('quizzes.editor.pictures')}
      </Text>
      <Group gap="sm">
        {images.map((image, index) => (
          <Stack key={image.key} gap={2} align="center" maw={180}>
            <Image src={image.url} alt={image.alt} h={72} w="auto" fit="contain" radius="sm" />
            <TextInput
              size="xs"
              label={t('quizzes.editor.pictureAlt', { number: index + 1 })}
              description={t('quizzes.editor.pictureAltHelp')}
              maxLength={QUIZ_LIMITS.imageAltLength}
              {...form.getInputProps(`images.${index}.alt`)}
            />
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={12} aria-hidden />}
              aria-label={t('quizzes.editor.removePictureLabel', { number: index + 1 })}
              onClick={() => form.removeListItem('images', index)}
            >
              {t('quizzes.editor.removePicture')}
            </Button>
          </Stack>
        ))}
      </Group>
    </Stack>
  );
}

/** The parts of the editor that depend on the question's type. */
function AnswerFields({ form }: { form: UseFormReturnType<QuestionValues> }) {
  const t = useT();
  const { type } = form.getValues();
  if (type === 'single' || type === 'multiple') return <OptionsEditor form={form} />;
  if (type === 'true_false') {
    return (
      <Radio.Group
        label={t('quizzes.editor.correctAnswer')}
        withAsterisk
        {...form.getInputProps('trueFalseAnswer')}
      >
        <Group mt="xs">
          <Radio value="true" label={t('quizzes.common.true')} />
          <Radio value="false" label={t('quizzes.common.false')} />
        </Group>
      </Radio.Group>
    );
  }
  if (type === 'short') {
    return (
      <TagsInput
        label={t('quizzes.editor.acceptedAnswers')}
        withAsterisk
        description={t('quizzes.editor.acceptedHelp')}
        maxTags={QUIZ_LIMITS.acceptedAnswers}
        acceptValueOnBlur
        {...form.getInputProps('acceptedAnswers')}
      />
    );
  }
  return (
    <Alert color="blue" variant="light">
      {type === 'long' ? t('quizzes.editor.longByHand') : t('quizzes.editor.fileByHand')}
    </Alert>
  );
}

function VideoFields({ form, courseId }: { form: UseFormReturnType<QuestionValues>; courseId: string }) {
  const t = useT();
  const videos = useQuery(videosQuery(courseId, 'lesson'));
  const ready = (videos.data?.videos ?? []).filter((video) => video.status === 'ready');
  const { videoId } = form.getValues();
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <Select
          label={t('quizzes.editor.video')}
          description={
            ready.length === 0 && videos.isSuccess
              ? t('quizzes.editor.noVideos')
              : t('quizzes.editor.videoHelp')
          }
          placeholder={videos.isPending ? t('quizzes.editor.loadingVideos') : t('quizzes.editor.none')}
          data={ready.map((video) => ({ value: video.id, label: video.title }))}
          clearable
          {...form.getInputProps('videoId')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          label={t('quizzes.editor.videoTime')}
          description={t('quizzes.editor.videoTimeFormat')}
          placeholder="0:00"
          disabled={!videoId}
          {...form.getInputProps('videoTime')}
        />
      </Grid.Col>
    </Grid>
  );
}

/** A suggested question being edited before it is accepted (draft-card.tsx): its values, and the accept. */
export interface DraftEditing {
  values: QuestionValues;
  accept: (input: QuestionInput) => Promise<unknown>;
  pending: boolean;
}

/** The server names an edited draft's fields under `question.`; the form's own names are without it. */
const formFields = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).map(([path, message]) => [path.replace(/^question\./, ''), message]),
  );

/**
 * Adds or edits one question in a dialog (or a suggested question, saved by accepting it). Each field is checked
 * when committed (left, or chosen) with the shared questionSchema, so the messages match what the server would
 * answer; the server's own answer is shown as well.
 */
export function QuestionEditor({
  courseId,
  quizId,
  question,
  draft,
  opened,
  onClose,
}: {
  courseId: string;
  quizId: string;
  /** The question being edited; undefined adds a new one. */
  question?: AuthorQuestion;
  /** A suggested question: the editor starts from its values and saving accepts it into the quiz. */
  draft?: DraftEditing;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const { create, update } = useQuestionMutations(courseId, quizId);
  const typeOptions = QUESTION_TYPES.map((type) => ({ value: type, label: t(`quizzes.types.${type}`) }));
  const form: UseFormReturnType<QuestionValues> = useForm<QuestionValues>({
    mode: 'controlled',
    initialValues: draft ? draft.values : questionValues(question),
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
      if (draft) {
        await draft.accept(input);
        onClose();
        return;
      }
      if (question) await update.mutateAsync({ id: question.id, ...input });
      else await create.mutateAsync(input);
      toast('success', question ? t('quizzes.editor.saved') : t('quizzes.editor.added'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(formFields(error.fields));
      toast('danger', error instanceof Error ? error.message : t('quizzes.editor.failed'));
    }
  });
  const saving = create.isPending || update.isPending || Boolean(draft?.pending);
  // On a phone the editor takes the whole screen: the form is long and a floating dialog wastes width.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        draft
          ? t('quizzes.drafts.editTitle')
          : question
            ? t('quizzes.editor.editTitle')
            : t('quizzes.common.addQuestion')
      }
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('quizzes.common.close') }}
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={t('quizzes.editor.type')}
            withAsterisk
            data={typeOptions}
            allowDeselect={false}
            {...form.getInputProps('type')}
            onChange={changeType}
          />
          <Textarea
            label={t('quizzes.editor.question')}
            withAsterisk
            autosize
            minRows={2}
            {...form.getInputProps('prompt')}
          />
          <AnswerFields form={form} />
          <Grid>
            <Grid.Col span={{ base: 6 }}>
              <NumberInput
                // Checked on blur: a value out of range keeps the schema's message instead of being clamped.
                clampBehavior="none"
                label={t('quizzes.editor.marks')}
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
                label={t('quizzes.editor.negativeMarks')}
                description={t('quizzes.editor.negativeHelp')}
                min={0}
                max={QUIZ_LIMITS.maxMarks}
                decimalScale={2}
                allowNegative={false}
                {...form.getInputProps('negativeMarks')}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            label={t('quizzes.editor.explanation')}
            description={t('quizzes.editor.explanationHelp')}
            autosize
            minRows={2}
            {...form.getInputProps('explanation')}
          />
          <VideoFields form={form} courseId={courseId} />
          <TagsInput
            label={t('quizzes.editor.tags')}
            description={t('quizzes.editor.tagsHelp')}
            maxTags={QUIZ_LIMITS.tagsPerQuestion}
            clearable
            {...form.getInputProps('tags')}
          />
          <KeptImages form={form} />
          {Object.keys(form.errors).length > 0 && (
            <Text size="sm" c="red" role="status">
              {t('quizzes.editor.checkFields')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('quizzes.common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {draft
                ? t('quizzes.drafts.saveAccept')
                : question
                  ? t('quizzes.editor.save')
                  : t('quizzes.common.addQuestion')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
