import {
  Anchor,
  Button,
  Card,
  Container,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { librarySettingsSchema } from '../../../common/contracts/library';
import { LIBRARY_LIMITS } from '../../../common/library';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { libraryKeys, uploadDeck, useLibraries } from './api';
import { setCurrentLibraryId } from './draft-db';
import { useT } from './i18n';

const ACCEPT =
  'application/pdf,.pdf,application/vnd.openxmlformats-officedocument.presentationml.presentation,.pptx';
const MAX_MB = Math.round(LIBRARY_LIMITS.uploadMaxBytes / 1024 / 1024);

const titleFromFile = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim();

/** The server's own rule for the title (the shared librarySettingsSchema's). */
function checkTitle(title: string): string | undefined {
  const result = librarySettingsSchema.shape.title.safeParse(title);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** /course-library-upload: a title and a deck; the server reads the slides, then the wizard opens. */
export default function LibraryUploadPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const slideLimit = useLibraries().data?.slideLimit;
  const lock = usePlanLock('courseLibrary', 'create');
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});
  const [dragging, setDragging] = useState(false);
  const t = useT();

  const choose = (picked: File | null) => {
    if (!picked) return;
    if (picked.size > LIBRARY_LIMITS.uploadMaxBytes) {
      setErrors((now) => ({ ...now, file: t('library.upload.tooLarge', { mb: MAX_MB }) }));
      return;
    }
    setFile(picked);
    setErrors((now) => ({ ...now, file: undefined }));
    if (!title.trim()) setTitle(titleFromFile(picked.name).slice(0, LIBRARY_LIMITS.titleMax));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0] ?? null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      title: checkTitle(title),
      file: file ? undefined : t('library.upload.chooseSlides'),
    };
    setErrors(next);
    if (!file || next.title) return;
    setProgress(0);
    try {
      const library = await uploadDeck(title.trim(), file, setProgress);
      queryClient.setQueryData(libraryKeys.one(library.id), library);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.list });
      await setCurrentLibraryId(library.id);
      toast('success', t('library.upload.read', { count: library.segments.length }));
      // Slides whose text could not be read: which, and what to do (their narration starts empty).
      if (library.notice) toast('warning', library.notice);
      navigate(`/course-library-wizard?id=${library.id}`);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : t('library.upload.failed');
      const fields = failure instanceof ApiError ? failure.fields : {};
      // The server's reason belongs under the field it is about ('Slide limit exceeded', not a PDF, …).
      setErrors({ title: fields.title, file: fields.file ?? (fields.title ? undefined : message) });
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Container size="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Group justify="space-between">
            <Title order={1} size="h2">
              {t('library.upload.title')}
            </Title>
            <Anchor component={Link} to="/course-library-list">
              {t('library.upload.all')}
            </Anchor>
          </Group>
          <PlanLockNote lock={lock} />
          <TextInput
            label={t('library.upload.titleLabel')}
            withAsterisk
            maxLength={LIBRARY_LIMITS.titleMax}
            value={title}
            // Checked when left and on upload (commitValidation's rule), cleared while it is edited.
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              setErrors((now) => ({ ...now, title: undefined }));
            }}
            onBlur={() => setErrors((now) => ({ ...now, title: checkTitle(title) }))}
            error={errors.title}
            disabled={uploading}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="deck-label">
              {t('library.upload.slides')}
            </Text>
            <Card
              withBorder
              padding="xl"
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              style={{
                borderStyle: 'dashed',
                borderColor: errors.file
                  ? 'var(--mantine-color-error)'
                  : dragging
                    ? 'var(--mantine-primary-color-filled)'
                    : undefined,
              }}
              data-testid="deck-dropzone"
            >
              <Stack align="center" gap="xs">
                <IconFileTypePdf size={40} stroke={1.4} aria-hidden />
                <Text size="sm" ta="center" id="deck-name">
                  {file ? file.name : t('library.upload.drop')}
                </Text>
                <FileButton onChange={choose} accept={ACCEPT}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      disabled={uploading}
                      aria-describedby="deck-label deck-name deck-help"
                    >
                      {t(file ? 'library.upload.chooseAnother' : 'library.upload.choose')}
                    </Button>
                  )}
                </FileButton>
                <Text size="xs" c="dimmed" ta="center" id="deck-help">
                  {slideLimit !== undefined && slideLimit !== null
                    ? t('library.upload.helpLimit', { mb: MAX_MB, count: slideLimit })
                    : t('library.upload.help', { mb: MAX_MB })}
                </Text>
              </Stack>
            </Card>
            {errors.file && (
              <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="deck-error">
                {errors.file}
              </Text>
            )}
          </Stack>
          {uploading && (
            <Stack gap={4}>
              <Progress value={progress} animated aria-label={t('library.upload.progress')} />
              <Text size="xs" c="dimmed" aria-live="polite">
                {progress < 100 ? t('library.upload.uploading', { progress }) : t('library.upload.reading')}
              </Text>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconUpload size={16} />}
              loading={uploading}
              {...lockedControlProps(lock)}
            >
              {t('library.upload.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
