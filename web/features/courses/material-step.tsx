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
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import type { ItemCommentSlot } from '../approvals';
import { materialUrl, uploadMaterial, useCourseMaterials, useMaterialMutations } from './content-api';
import { RenameButton } from './rename-button';

const formatSize = (bytes: number) =>
  bytes >= 1024 ** 2 ? `${(bytes / 1024 ** 2).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function MaterialRow({ material, courseId }: { material: CourseMaterial; courseId: string }) {
  const { remove, rename } = useMaterialMutations(courseId);
  // Signed links expire: ask for a fresh one on each open (the tab opens first, so no popup blocker).
  const open = async () => {
    const tab = window.open('', '_blank');
    try {
      const { url } = await materialUrl(courseId, material.id);
      if (tab) tab.location.href = url;
    } catch (error) {
      tab?.close();
      toast('danger', error instanceof Error ? error.message : 'Could not open the file');
    }
  };
  const confirmDelete = () =>
    confirmDestructive({
      title: 'Delete this study material?',
      message: `“${material.title}” will be removed from the course.`,
      confirmLabel: 'Delete material',
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
            PDF · {formatSize(material.sizeBytes)}
          </Text>
        </Stack>
        <RenameButton
          current={material.title}
          what="Study material"
          onRename={(title) => rename.mutateAsync({ id: material.id, title })}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={confirmDelete}
          aria-label={`Delete ${material.title}`}
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

  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setUpload({ name: file.name, percent: 0 });
    try {
      await uploadMaterial(courseId, file, (percent) => setUpload({ name: file.name, percent }));
      toast('success', `${file.name} uploaded`);
      refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Upload failed');
    } finally {
      setUpload(null);
    }
  };

  const list = materials.data?.materials ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Study Material
        </Title>
        <FileButton onChange={(file) => void send(file)} accept="application/pdf">
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} />} loading={upload !== null}>
              Upload PDF
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" c="dimmed">
        PDF files of up to 25 MB. Each is named after its file at first: rename it to what students should
        see.
      </Text>
      {error && (
        <Text c="red" role="alert" data-testid="material-error">
          {error}
        </Text>
      )}
      {upload && (
        <Stack gap={4}>
          <Text size="sm">Uploading {upload.name}…</Text>
          <Progress value={upload.percent} aria-label={`Upload progress ${upload.name}`} />
        </Stack>
      )}
      {materials.isSuccess && list.length === 0 && !upload && (
        <Text c="dimmed">No study material yet. Upload notes or worksheets as PDF.</Text>
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
