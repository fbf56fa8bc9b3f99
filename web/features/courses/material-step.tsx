import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFileTypePdf, IconTrash, IconUpload } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import type { CourseMaterial } from '../../../common/contracts/course-content';
import { formatNumber, type Locale } from '../../../common/i18n/locales';
import { useLocale } from '../../app/i18n';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import type { ItemCommentSlot } from '../approvals';
import { materialUrl, uploadMaterial, useCourseMaterials, useMaterialMutations } from './content-api';
import { useT } from './i18n';
import { RenameButton } from './rename-button';

/** "1.5 MB", "12 KB": the units stay Latin in every language (Hindi readers read KB and MB), the number is the language's. */
const formatSize = (bytes: number, locale: Locale) => {
  const number = (value: number, decimals: number) =>
    locale === 'en'
      ? value.toFixed(decimals)
      : formatNumber(value, locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return bytes >= 1024 ** 2
    ? `${number(bytes / 1024 ** 2, 1)} MB`
    : `${number(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
};

function MaterialRow({ material, courseId }: { material: CourseMaterial; courseId: string }) {
  const { remove, rename } = useMaterialMutations(courseId);
  const t = useT();
  const locale = useLocale();
  // Signed links expire: ask for a fresh one on each open (the tab opens first, so no popup blocker).
  const open = async () => {
    const tab = window.open('', '_blank');
    try {
      const { url } = await materialUrl(courseId, material.id);
      if (tab) tab.location.href = url;
    } catch (error) {
      tab?.close();
      toast('danger', error instanceof Error ? error.message : t('courses.material.openFailed'));
    }
  };
  const confirmDelete = () =>
    confirmDestructive({
      title: t('courses.material.deleteTitle'),
      message: t('courses.material.deleteMessage', { title: material.title }),
      confirmLabel: t('courses.material.deleteConfirm'),
      onConfirm: () => remove.mutate(material.id, { onError: (error) => toast('danger', error.message) }),
    });
  return (
    <Card withBorder padding="sm" data-testid="material-row">
      <Group wrap="nowrap">
        <IconFileTypePdf size={28} aria-hidden />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Anchor
            component="button"
            type="button"
            fw={600}
            onClick={() => void open()}
            ta="left"
            style={{ overflowWrap: 'anywhere' }}
          >
            {material.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('courses.material.size', { size: formatSize(material.sizeBytes, locale) })}
          </Text>
        </Stack>
        <RenameButton
          current={material.title}
          what="material"
          onRename={(title) => rename.mutateAsync({ id: material.id, title })}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={confirmDelete}
          aria-label={t('courses.material.deleteLabel', { title: material.title })}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    </Card>
  );
}

/** The wizard's study-material step: PDF uploads with progress (the server checks the bytes) and renames. */
export function MaterialStep({ courseId, commentFor }: { courseId: string; commentFor?: ItemCommentSlot }) {
  const materials = useCourseMaterials(courseId);
  const { refresh } = useMaterialMutations(courseId);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const t = useT();

  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setUpload({ name: file.name, percent: 0 });
    try {
      await uploadMaterial(courseId, file, (percent) => setUpload({ name: file.name, percent }));
      toast('success', t('courses.material.uploaded', { name: file.name }));
      refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('courses.material.uploadFailed'));
    } finally {
      setUpload(null);
    }
  };

  const list = materials.data?.materials ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('courses.material.title')}
        </Title>
        <FileButton onChange={(file) => void send(file)} accept="application/pdf">
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} />} loading={upload !== null}>
              {t('courses.material.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" c="dimmed">
        {t('courses.material.help')}
      </Text>
      {error && (
        <Text c="red" role="alert" data-testid="material-error">
          {error}
        </Text>
      )}
      {upload && (
        <Stack gap={4}>
          <Text size="sm">{t('courses.material.uploading', { name: upload.name })}</Text>
          <Progress
            value={upload.percent}
            aria-label={t('courses.material.progress', { name: upload.name })}
          />
        </Stack>
      )}
      {materials.isSuccess && list.length === 0 && !upload && (
        <Text c="dimmed">{t('courses.material.empty')}</Text>
      )}
      {list.map((material) => (
        <Fragment key={material.id}>
          <MaterialRow material={material} courseId={courseId} />
          {commentFor?.('material', material.id)}
        </Fragment>
      ))}
    </Stack>
  );
}
