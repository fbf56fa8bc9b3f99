import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

export interface GlbAvatarProps {
  /** A .glb model (uploaded, a Ready Player Me URL, or /avatars/demo-guru.glb). */
  url: string;
  /** Loudness of what the guru is saying now, 0 (silent) to 1: opens the mouth. */
  level: number;
  height?: number;
  /** Accessible name of the canvas. */
  label?: string;
}

// three.js is large: it is loaded only when a GLB avatar is shown, never in the main bundle.
const GlbScene = lazy(() => import('./glb-scene'));

/** A 3D avatar whose mouth ('mouthOpen' morph target, or a jaw bone) moves with the audio level. */
export function GlbAvatar(props: GlbAvatarProps) {
  const height = props.height ?? 280;
  return (
    <Suspense
      fallback={
        <Center h={height}>
          <Loader aria-label="Loading avatar" />
        </Center>
      }
    >
      <GlbScene {...props} height={height} />
    </Suspense>
  );
}
