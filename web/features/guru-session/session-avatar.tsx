import { Box } from '@mantine/core';
import type { SessionGuru } from '../../../common/contracts/gurus';
import { GlbAvatar, StaticAvatar } from '../gurus';
import { useT } from './i18n';

/** The guru's face: a 3D model, a D-ID video when one is ready, or the picture moved by the audio level. */
export function SessionAvatar({
  guru,
  level,
  videoUrl,
  onVideoEnded,
}: {
  guru: SessionGuru;
  level: number;
  videoUrl: string | null;
  onVideoEnded: () => void;
}) {
  const t = useT();
  if (guru.avatarKind === 'readyplayerme' && guru.avatarGlbUrl) {
    return (
      <GlbAvatar
        url={guru.avatarGlbUrl}
        level={level}
        height={280}
        label={t('guru-session.avatar3d', { name: guru.name })}
      />
    );
  }
  if (guru.avatarKind === 'd_id' && videoUrl) {
    return (
      <Box w={240} h={240} style={{ borderRadius: '50%', overflow: 'hidden' }}>
        {/* The answer is written out beside the video, which serves as its captions. */}
        {/* biome-ignore lint/a11y/useMediaCaption: the transcript next to it is the caption */}
        <video
          src={videoUrl}
          autoPlay
          playsInline
          onEnded={onVideoEnded}
          onError={onVideoEnded}
          width={240}
          height={240}
          style={{ objectFit: 'cover' }}
          data-testid="did-video"
        />
      </Box>
    );
  }
  return <StaticAvatar src={guru.avatarImageUrl} alt={guru.name} level={level} />;
}
