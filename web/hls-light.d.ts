// hls.js ships types for its full build only; its light build (`hls.js/light`, web/components/hls-player.tsx) has
// the same API without the features it leaves out.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
