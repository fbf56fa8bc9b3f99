import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useT } from '../i18n';
import type { GlbAvatarProps } from './glb-avatar-props';

// three.js is large: it is loaded only when a GLB avatar is shown, never in the main bundle.
const GlbScene = lazy(() => import('./glb-scene'));

/** A 3D avatar whose mouth ('mouthOpen' morph target, or a jaw bone) moves with the audio level. */
export function GlbAvatar(props: GlbAvatarProps) {
  const height = props.height ?? 280;
  const t = useT();
  return (
    <Suspense
      fallback={
        <Center h={height}>
          <Loader aria-label={t('gurus.avatar3d.loading')} />
        </Center>
      }
    >
      <GlbScene {...props} height={height} />
    </Suspense>
  );
}
