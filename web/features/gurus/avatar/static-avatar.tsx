import { Box, Image } from '@mantine/core';

export interface StaticAvatarProps {
  src: string | null;
  alt: string;
  /** Loudness of what the guru is saying now, 0 (silent) to 1. */
  level: number;
  size?: number;
}

/**
 * An uploaded picture brought to life by the speech: the portrait breathes with the audio level and a
 * soft shape over the mouth area (lower middle of a portrait) opens and closes with it.
 */
export function StaticAvatar({ src, alt, level, size = 240 }: StaticAvatarProps) {
  const open = Math.max(0, Math.min(1, level));
  return (
    <Box
      pos="relative"
      w={size}
      h={size}
      style={{
        borderRadius: '50%',
        overflow: 'hidden',
        transform: `scale(${1 + open * 0.04})`,
        transition: 'transform 80ms linear',
        boxShadow: open > 0.05 ? `0 0 ${8 + open * 24}px var(--mantine-primary-color-filled)` : undefined,
      }}
      data-testid="static-avatar"
      data-speaking={open > 0.05 ? 'true' : 'false'}
    >
      {/* The session's largest picture: asked for before the speech that starts beside it (issue 33). */}
      <Image
        src={src}
        alt={alt}
        w={size}
        h={size}
        fit="cover"
        fallbackSrc="/favicon.svg"
        fetchPriority="high"
      />
      <Box
        aria-hidden
        pos="absolute"
        left="50%"
        top="63%"
        w={size * 0.18}
        h={size * 0.09}
        style={{
          transform: `translate(-50%, -50%) scaleY(${0.15 + open * 1.1})`,
          borderRadius: '50%',
          background: 'rgba(60, 10, 20, 0.85)',
          opacity: open > 0.05 ? 0.9 : 0,
          transition: 'transform 60ms linear, opacity 120ms',
        }}
      />
    </Box>
  );
}
