import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runProgram } from './ffmpeg';

// Smaller copies of uploaded pictures (profile images, brand logos) for the places that show them small. ffmpeg
// decodes and scales them in a process of its own with a time limit: a hostile or broken image fails that one
// resize and never the server (decision 016), and no image library joins the dependencies.

/** Widths in pixels, twice the largest CSS size each is shown at, for sharp pictures on high-density screens. */
export const IMAGE_SIZES = { tiny: 96, medium: 320 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;
export const IMAGE_SIZE_NAMES = Object.keys(IMAGE_SIZES) as ImageSize[];

const RESIZE_TIMEOUT_MS = 20_000;

/**
 * The picture at most `width` pixels wide (never enlarged), aspect kept, as WebP (transparency kept). For an
 * animated GIF, its first frame.
 */
export async function resizeImage(bytes: Buffer, width: number, workRoot: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(workRoot, 'image-'));
  try {
    const input = path.join(dir, 'input');
    const output = path.join(dir, 'output.webp');
    await writeFile(input, bytes);
    await runProgram(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input, '-frames:v', '1'],
        ...['-vf', `scale='min(${width},iw)':-2:flags=lanczos`, '-c:v', 'libwebp', '-quality', '82', output],
      ],
      { timeoutMs: RESIZE_TIMEOUT_MS, what: 'Resizing the picture' },
    );
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Where the `size` copy of a stored picture lives: beside it, named after it. */
export function sizedImageKey(key: string, size: ImageSize): string {
  return `${key.replace(/\.[a-z0-9]+$/i, '')}-${size}.webp`;
}
