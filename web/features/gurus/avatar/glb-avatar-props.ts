// Shared by the avatar and its lazily loaded three.js scene, so neither imports the other.
export interface GlbAvatarProps {
  /** A .glb model (uploaded, a Ready Player Me URL, or /avatars/demo-guru.glb). */
  url: string;
  /** Loudness of what the guru is saying now, 0 (silent) to 1: opens the mouth. */
  level: number;
  height?: number;
  /** Accessible name of the canvas. */
  label?: string;
}
