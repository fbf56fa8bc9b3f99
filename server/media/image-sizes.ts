import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runProgram } from './ffmpeg';
import { cleanJpeg, isJpeg, uprightFilter } from './jpeg-metadata';

// Smaller copies of uploaded pictures (profile images, brand logos, course pictures, guru pictures) for the places
// that show them small. ffmpeg decodes and scales them in a process of its own with a time limit: a hostile or
// broken image fails that one resize and never the server (decision 016), and no image library joins the
// dependencies. A JPEG's EXIF orientation is applied to every copy (ffmpeg is given the picture without its EXIF,
// so no version of it turns the picture twice), and no copy carries the EXIF on.

/** Widths in pixels, twice the largest CSS size each is shown at, for sharp pictures on high-density screens. */
export const IMAGE_SIZES = { tiny: 96, medium: 320, large: 640 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;
export const IMAGE_SIZE_NAMES = Object.keys(IMAGE_SIZES) as ImageSize[];

/**
 * The copies each kind of picture gets: the sizes it is shown at, and no more (every copy counts against its
 * owner's storage). Profile images: tiny in the menu; brand logos: medium beside a course or a guru; course and
 * guru pictures: medium in lists, large on catalog cards (about 300 CSS px wide) and the guru session (240 px).
 */
export const PICTURE_SIZES = {
  profileImage: ['tiny', 'medium'],
  brandLogo: ['tiny', 'medium'],
  coursePicture: ['medium', 'large'],
  guruPicture: ['medium', 'large'],
} as const satisfies Record<string, readonly ImageSize[]>;

const RESIZE_TIMEOUT_MS = 20_000;

/** Width of a brand logo's copy for invoices: about 160 points wide on the page, near 150 dpi. */
export const PDF_LOGO_WIDTH = 320;

/** Runs ffmpeg on `bytes` with a filter chain and output options, in a scratch folder, within the time limit. */
async function convertImage(
  bytes: Buffer,
  workRoot: string,
  output: { name: string; filter: string; codec: string[] },
): Promise<Buffer> {
  const clean = isJpeg(bytes) ? cleanJpeg(bytes) : null;
  const upright = uprightFilter(clean?.orientation ?? 1);
  const filter = upright ? `${upright},${output.filter}` : output.filter;
  const dir = await mkdtemp(path.join(workRoot, 'image-'));
  try {
    const input = path.join(dir, 'input');
    const target = path.join(dir, output.name);
    await writeFile(input, clean?.bytes ?? bytes);
    await runProgram(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input, '-frames:v', '1'],
        ...['-vf', filter, '-map_metadata', '-1', ...output.codec, target],
      ],
      { timeoutMs: RESIZE_TIMEOUT_MS, what: 'Resizing the picture' },
    );
    return await readFile(target);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const scaleTo = (width: number) => `scale='min(${width},iw)':-2:flags=lanczos`;

/**
 * The picture at most `width` pixels wide (never enlarged), aspect kept, as WebP (transparency kept). For an
 * animated GIF, its first frame.
 */
export function resizeImage(bytes: Buffer, width: number, workRoot: string): Promise<Buffer> {
  return convertImage(bytes, workRoot, {
    name: 'output.webp',
    filter: scaleTo(width),
    codec: ['-c:v', 'libwebp', '-quality', '82'],
  });
}

/**
 * A logo as pdfkit draws it (invoices): PNG, at most PDF_LOGO_WIDTH wide, transparency laid on white and dropped.
 * Without an alpha channel (plain RGB, not interlaced) pdfkit copies the compressed pixels as they are, and never
 * decodes them in this process. The white: invert, premultiply by alpha (transparent turns black), invert back.
 */
export function logoForPdf(bytes: Buffer, workRoot: string): Promise<Buffer> {
  return convertImage(bytes, workRoot, {
    name: 'output.png',
    filter: `${scaleTo(PDF_LOGO_WIDTH)},format=gbrap,negate,premultiply=inplace=1,negate,format=rgb24`,
    codec: ['-c:v', 'png'],
  });
}

/**
 * A JPEG as it is stored: without EXIF and the other metadata segments (where a photo was taken, the camera, the
 * time; jpeg-metadata.ts), turned the right way up. Upright already: the same pixels, losslessly. Otherwise it is
 * encoded again from the turned pixels at high quality; should that fail (damaged pixels), stored unturned but
 * still without its metadata. Null when neither can be made: nothing that could be stored without its EXIF.
 */
export async function storableJpeg(bytes: Buffer, workRoot: string): Promise<Buffer | null> {
  const clean = cleanJpeg(bytes);
  if (clean && clean.orientation === 1) return clean.bytes;
  try {
    // Turned (or not walkable segment by segment): ffmpeg decodes it and writes a clean JPEG.
    return await convertImage(bytes, workRoot, {
      name: 'output.jpg',
      filter: 'null',
      codec: ['-c:v', 'mjpeg', '-q:v', '2'],
    });
  } catch {
    return clean?.bytes ?? null;
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The size in pixels of a PNG that pdfkit embeds without decoding it (8-bit grey or RGB, no alpha channel, not
 * interlaced: what logoForPdf makes), or null for anything else. pdfkit decodes other PNGs in zlib callbacks,
 * where a damaged file would throw outside any caller's reach.
 */
export function pdfReadyPngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const [bitDepth, colorType, , , interlace] = bytes.subarray(24, 29);
  if (!width || !height || bitDepth !== 8 || (colorType !== 0 && colorType !== 2) || interlace !== 0)
    return null;
  return { width, height };
}

const withoutExtension = (key: string) => key.replace(/\.[a-z0-9]+$/i, '');

/** Where the `size` copy of a stored picture lives: beside it, named after it. */
export function sizedImageKey(key: string, size: ImageSize): string {
  return `${withoutExtension(key)}-${size}.webp`;
}

/** Where a brand logo's PNG copy for invoices lives: beside it, named after it. */
export function pdfLogoKey(key: string): string {
  return `${withoutExtension(key)}-pdf.png`;
}

/** Where media steps write their temporary files: under the data folder, made on first use. */
export async function mediaWorkDir(dataDir: string): Promise<string> {
  const work = path.join(dataDir, 'tmp');
  await mkdir(work, { recursive: true });
  return work;
}
