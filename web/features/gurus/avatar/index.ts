export { GlbAvatar } from './glb-avatar';
export type { GlbAvatarProps } from './glb-avatar-props';
export { StaticAvatar, type StaticAvatarProps } from './static-avatar';

/** The avatar model generated for this project by scripts/make-demo-avatar.ts. */
export const DEMO_GLB_URL = '/avatars/demo-guru.glb';
