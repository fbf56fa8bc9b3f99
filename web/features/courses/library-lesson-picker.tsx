import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CourseVideo, VideoKind } from '../../../common/contracts/course-content';
import type { ReadyLibrary } from '../../../common/contracts/library';
import { selectVideoFor } from '../../../common/library';
import { formatClock } from '../../../common/time';
import { ApiError, api } from '../../app/api';
import { toast } from '../../app/toast';
import { PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { rich, useT } from './i18n';

const readyLibrariesQuery = {
  queryKey: ['course-libraries', 'ready'],
  queryFn: () => api<{ libraries: ReadyLibrary[] }>('/course-libraries/ready'),
};

/**
 * "Add from course library" in a course's videos step: a lesson title and one of the owner's generated
 * libraries. The server copies the video and packages it like an upload (docs/decisions/014).
 */
export function LibraryLessonPicker({
  courseId,
  kind,
  nextNumber,
  onAdded,
}: {
  courseId: string;
  kind: VideoKind;
  /** Suggests "Lesson N" for the title. */
  nextNumber: number;
  onAdded: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const [title, setTitle] = useState('');
  const [libraryId, setLibraryId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ title?: string; libraryId?: string }>({});
  const [saving, setSaving] = useState(false);
  const libraries = useQuery({ ...readyLibrariesQuery, enabled: opened });
  const uploadLock = usePlanLock('courseLibrary', 'create');
  const t = useT();

  const open = () => {
    setTitle(
      kind === 'lesson'
        ? t('courses.picker.lessonTitle', { number: nextNumber })
        : t('courses.picker.previewTitle'),
    );
    setLibraryId(null);
    setErrors({});
    setOpened(true);
  };

  // The rule of commitValidation (web/app/forms.ts) by hand: the title is checked when left, the video as
  // soon as it is chosen, both on submit; a message clears as soon as its field is edited.
  const check = {
    title: (value: string) => (value.trim() ? undefined : t('msg.required')),
    libraryId: (value: string | null) => (value ? undefined : selectVideoFor(title.trim() || 'this lesson')),
  };

  const submit = async () => {
    const trimmed = title.trim();
    const found = { title: check.title(title), libraryId: check.libraryId(libraryId) };
    setErrors(found);
    if (found.title || found.libraryId) return;
    setSaving(true);
    try {
      await api<CourseVideo>(`/courses/${courseId}/videos/from-library`, {
        method: 'POST',
        body: { title: trimmed, libraryId, kind },
      });
      toast('success', t('courses.picker.added', { title: trimmed }));
      setOpened(false);
      onAdded();
    } catch (error) {
      if (error instanceof ApiError && error.fields.libraryId)
        setErrors({ libraryId: error.fields.libraryId });
      else toast('danger', error instanceof Error ? error.message : t('msg.somethingWrong'));
    } finally {
      setSaving(false);
    }
  };

  const options = (libraries.data?.libraries ?? []).map((library) => ({
    value: library.id,
    label: t('courses.picker.option', {
      title: library.title,
      duration: formatClock(library.durationSeconds),
      count: library.segmentCount,
    }),
  }));

  return (
    <>
      <Button variant="light" leftSection={<IconMovie size={16} />} onClick={open}>
        {t('courses.picker.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('courses.picker.modalTitle')}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <TextInput
              label={t('courses.picker.lessonLabel')}
              required
              value={title}
              onChange={(event) => {
                setTitle(event.currentTarget.value);
                setErrors((now) => ({ ...now, title: undefined }));
              }}
              onBlur={() => setErrors((now) => ({ ...now, title: check.title(title) }))}
              error={errors.title}
              maxLength={150}
            />
            <Select
              label={t('courses.picker.video')}
              placeholder={t(libraries.isLoading ? 'courses.picker.loading' : 'courses.picker.choose')}
              data={options}
              value={libraryId}
              onChange={(value) => {
                setLibraryId(value);
                setErrors((now) => ({ ...now, libraryId: check.libraryId(value) }));
              }}
              onBlur={() => setErrors((now) => ({ ...now, libraryId: check.libraryId(libraryId) }))}
              error={errors.libraryId}
              searchable
              nothingFoundMessage={t('courses.picker.nothingFound')}
            />
            {libraries.isSuccess && options.length === 0 && (
              <Stack gap={4}>
                <Text size="sm" c="dimmed">
                  {uploadLock.locked
                    ? t('courses.picker.noneYet')
                    : rich('courses.picker.noneYetLink', {
                        link: (chunks) => (
                          <Text component={Link} to="/course-library-upload" size="sm" c="blue" inherit>
                            {chunks}
                          </Text>
                        ),
                      })}
                </Text>
                <PlanLockNote lock={uploadLock} />
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('courses.picker.cancel')}
              </Button>
              <Button type="submit" loading={saving}>
                {t('courses.picker.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
