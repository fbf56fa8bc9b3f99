import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Modal,
  Progress,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconBadgeCc,
  IconPlayerPlay,
  IconRefresh,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import type { CourseVideo, VideoKind } from '../../../common/contracts/course-content';
import { ALLOWED_VIDEO_TYPES } from '../../../common/files';
import { formatClock } from '../../../common/time';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { HlsPlayer } from '../../components/hls-player';
import type { ItemCommentSlot } from '../approvals';
import { LessonNotesButton } from '../lesson-notes';
import { useT } from './i18n';
import { LibraryLessonPicker } from './library-lesson-picker';
import { RenameButton } from './rename-button';
import { uploadVideo, useCourseVideos, useVideoMutations } from './video-api';

/** Each kind's texts, as catalog keys. */
const COPY: Record<VideoKind, { title: string; empty: string; button: string }> = {
  lesson: {
    title: 'courses.videos.lessonTitle',
    empty: 'courses.videos.lessonEmpty',
    button: 'courses.videos.lessonButton',
  },
  preview: {
    title: 'courses.videos.previewTitle',
    empty: 'courses.videos.previewEmpty',
    button: 'courses.videos.previewButton',
  },
};

/** A ready video's captions: upload a .vtt/.srt file, or see that it has some and remove them. */
function CaptionsControl({ video, courseId }: { video: CourseVideo; courseId: string }) {
  const { setCaptions, removeCaptions } = useVideoMutations(courseId, video.kind);
  const [error, setError] = useState<string | null>(null);
  const t = useT();
  const send = (file: File | null) => {
    if (!file) return;
    setError(null);
    setCaptions.mutate(
      { id: video.id, file },
      {
        onSuccess: () => toast('success', t('courses.videos.captionsAdded', { title: video.title })),
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const confirmRemove = () =>
    confirmDestructive({
      title: t('courses.videos.removeTitle'),
      message: t('courses.videos.removeMessage', { title: video.title }),
      confirmLabel: t('courses.videos.removeConfirm'),
      onConfirm: () =>
        removeCaptions.mutate(video.id, { onError: (failure) => toast('danger', failure.message) }),
    });
  return (
    <Stack gap={2}>
      {video.captionsUrl ? (
        <Group gap="xs">
          <Badge variant="light" color="blue" leftSection={<IconBadgeCc size={14} />}>
            {t('courses.videos.hasCaptions')}
          </Badge>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={confirmRemove}
            loading={removeCaptions.isPending}
            aria-label={t('courses.videos.removeLabel', { title: video.title })}
          >
            {t('courses.videos.remove')}
          </Button>
        </Group>
      ) : (
        <FileButton onChange={send} accept=".vtt,.srt,text/vtt,application/x-subrip">
          {(props) => (
            <Button
              {...props}
              size="compact-xs"
              variant="light"
              leftSection={<IconBadgeCc size={14} />}
              loading={setCaptions.isPending}
              aria-label={t('courses.videos.addCaptionsLabel', { title: video.title })}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('courses.videos.captions')}
            </Button>
          )}
        </FileButton>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function VideoRow({
  video,
  index,
  count,
  onPlay,
  courseId,
}: {
  video: CourseVideo;
  index: number;
  count: number;
  onPlay: () => void;
  courseId: string;
}) {
  const { update, remove, retry } = useVideoMutations(courseId, video.kind);
  const t = useT();
  const confirmDelete = () =>
    confirmDestructive({
      title: t('courses.videos.deleteTitle'),
      message: t('courses.videos.deleteMessage', { title: video.title }),
      confirmLabel: t('courses.videos.deleteConfirm'),
      onConfirm: () => remove.mutate(video.id, { onError: (error) => toast('danger', error.message) }),
    });
  const move = (position: number) =>
    update.mutate({ id: video.id, position }, { onError: (error) => toast('danger', error.message) });
  return (
    <Card withBorder padding="sm" data-testid="video-row">
      {/* On a phone the buttons wrap under the name (the name's 14rem basis leaves them no room beside it), so
          neither squeezes the other. */}
      <Group wrap="wrap" align="center">
        {/* The poster gives way on a phone, so the name and the buttons keep their room. */}
        <Image
          src={video.posterUrl}
          w={96}
          h={54}
          radius="sm"
          fit="cover"
          alt=""
          fallbackSrc="/favicon.svg"
          visibleFrom="xs"
        />
        <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} truncate data-testid="video-title">
              {video.title}
            </Text>
            <Badge
              color={video.status === 'ready' ? 'green' : video.status === 'failed' ? 'red' : 'yellow'}
              variant="light"
              data-testid="video-status"
              style={{ flexShrink: 0 }}
            >
              {t(`courses.videos.status.${video.status}`)}
            </Badge>
          </Group>
          {video.status === 'processing' && (
            <Group gap="xs" wrap="nowrap">
              <Progress
                value={video.progress}
                style={{ flex: 1 }}
                animated
                aria-label={t('courses.videos.processingLabel', { title: video.title })}
              />
              <Text size="xs" c="dimmed" w={90}>
                {t('courses.videos.processing', { progress: video.progress })}
              </Text>
            </Group>
          )}
          {video.status === 'ready' && (
            <>
              <Text size="xs" c="dimmed">
                {formatClock(video.durationSeconds)} · {video.width}×{video.height}
              </Text>
              <CaptionsControl video={video} courseId={courseId} />
              {video.kind === 'lesson' && <LessonNotesButton videoId={video.id} title={video.title} />}
            </>
          )}
          {video.status === 'failed' && (
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" c="red">
                {video.error ?? t('courses.videos.processingFailed')}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                loading={retry.isPending}
                onClick={() => retry.mutate(video.id, { onError: (error) => toast('danger', error.message) })}
                aria-label={t('courses.videos.retryLabel', { title: video.title })}
              >
                {t('courses.videos.retry')}
              </Button>
            </Group>
          )}
        </Stack>
        <Group gap={2} wrap="nowrap" ml="auto">
          <Tooltip label={t('courses.videos.play')}>
            <ActionIcon
              variant="subtle"
              onClick={onPlay}
              disabled={!video.playlistUrl}
              aria-label={t('courses.videos.playLabel', { title: video.title })}
            >
              <IconPlayerPlay size={18} />
            </ActionIcon>
          </Tooltip>
          <ActionIcon
            variant="subtle"
            disabled={index === 0}
            onClick={() => move(index - 1)}
            aria-label={t('courses.videos.moveUpLabel', { title: video.title })}
          >
            <IconArrowUp size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            disabled={index === count - 1}
            onClick={() => move(index + 1)}
            aria-label={t('courses.videos.moveDownLabel', { title: video.title })}
          >
            <IconArrowDown size={18} />
          </ActionIcon>
          <RenameButton
            current={video.title}
            what={video.kind === 'lesson' ? 'lesson' : 'preview'}
            onRename={(title) => update.mutateAsync({ id: video.id, title })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={confirmDelete}
            aria-label={t('courses.videos.deleteLabel', { title: video.title })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}

/** The wizard's video steps: upload with progress, live packaging progress, rename, reorder, play, delete. */
export function VideosStep({
  courseId,
  kind,
  commentFor,
}: {
  courseId: string;
  kind: VideoKind;
  /** The reviewer's comment on an item, shown under it while the course is rejected. */
  commentFor?: ItemCommentSlot;
}) {
  const videos = useCourseVideos(courseId, kind);
  const { refresh } = useVideoMutations(courseId, kind);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [playing, setPlaying] = useState<CourseVideo | null>(null);
  const copy = COPY[kind];
  const t = useT();

  const send = async (file: File | null) => {
    if (!file) return;
    setUpload({ name: file.name, percent: 0 });
    try {
      await uploadVideo(courseId, kind, file, (percent) => setUpload({ name: file.name, percent }));
      toast('success', t('courses.videos.uploaded', { name: file.name }));
      refresh();
    } catch (error) {
      toast('danger', error instanceof Error ? error.message : t('courses.videos.uploadFailed'));
    } finally {
      setUpload(null);
    }
  };

  const list = videos.data?.videos ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t(copy.title)}
        </Title>
        <Group gap="xs">
          <LibraryLessonPicker
            courseId={courseId}
            kind={kind}
            nextNumber={list.length + 1}
            onAdded={refresh}
          />
          <FileButton onChange={(file) => void send(file)} accept={ALLOWED_VIDEO_TYPES.join(',')}>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={upload !== null}>
                {t(copy.button)}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      {upload && (
        <Stack gap={4}>
          <Text size="sm">{t('courses.videos.uploading', { name: upload.name })}</Text>
          <Progress
            value={upload.percent}
            aria-label={t('courses.videos.uploadProgress', { name: upload.name })}
          />
        </Stack>
      )}
      {videos.isSuccess && list.length === 0 && !upload && <Text c="dimmed">{t(copy.empty)}</Text>}
      {list.map((video, index) => (
        <Fragment key={video.id}>
          <VideoRow
            video={video}
            index={index}
            count={list.length}
            onPlay={() => setPlaying(video)}
            courseId={courseId}
          />
          {commentFor?.(kind === 'lesson' ? 'lesson' : 'preview', video.id)}
        </Fragment>
      ))}
      <Modal opened={playing !== null} onClose={() => setPlaying(null)} title={playing?.title} size="xl">
        {playing?.playlistUrl && (
          <HlsPlayer
            src={playing.playlistUrl}
            poster={playing.posterUrl}
            title={playing.title}
            captionsUrl={playing.captionsUrl}
            autoPlay
          />
        )}
      </Modal>
    </Stack>
  );
}
