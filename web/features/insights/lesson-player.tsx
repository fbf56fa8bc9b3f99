import { Alert, Anchor, Button, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatClock } from '../../../common/time';
import { HlsPlayer } from '../../components/hls-player';
import { videosQuery } from '../courses';
import { courseVideosHref } from './format';
import { useT } from './i18n';

interface Props {
  courseId: string;
  videoId: string;
  startSeconds: number;
  /** The lesson's title, for the dialog and the button's accessible name. */
  title: string;
}

/** The lesson's video from `startSeconds`, read from the course's videos once the dialog opens. */
function LessonVideo({ courseId, videoId, startSeconds, title }: Props) {
  const t = useT();
  const videos = useQuery(videosQuery(courseId, 'lesson'));
  if (videos.isPending) return <Skeleton h={280} />;
  if (videos.isError) return <Alert color="red">{videos.error.message}</Alert>;
  const video = videos.data.videos.find((each) => each.id === videoId);
  if (!video?.playlistUrl)
    return (
      <Stack gap="xs">
        <Text size="sm">{t('insights.player.gone')}</Text>
        <Anchor component={Link} to={courseVideosHref(courseId)} size="sm">
          {t('insights.player.openVideos')}
        </Anchor>
      </Stack>
    );
  return (
    <HlsPlayer
      src={video.playlistUrl}
      poster={video.posterUrl}
      title={title}
      captionsUrl={video.captionsUrl}
      startAt={startSeconds}
    />
  );
}

/**
 * "Play from 0:09": the lesson a moment is in, played in a dialog from that second, so the teacher sees and
 * hears what the students asked about without leaving the page.
 */
export function PlayMomentButton(props: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const at = formatClock(props.startSeconds);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlayerPlay size={14} />}
        onClick={() => setOpen(true)}
        aria-label={t('insights.player.playAria', { at, title: props.title })}
      >
        {t('insights.player.play', { at })}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('insights.player.title', { title: props.title, at })}
        closeButtonProps={{ 'aria-label': t('insights.close') }}
        size="xl"
      >
        {open && <LessonVideo {...props} />}
      </Modal>
    </>
  );
}
