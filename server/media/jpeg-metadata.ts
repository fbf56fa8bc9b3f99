// What a JPEG says about itself besides its pixels. Phones store photos as the sensor saw them and write the
// way up in the EXIF Orientation tag (1 to 8); the same EXIF block carries where the photo was taken, the camera
// and the time. Uploaded JPEGs are stored without it (files/uploads.ts), turned the right way up.

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;
const ORIENTATION_TAG = 0x0112;

export const isJpeg = (bytes: Buffer) =>
  bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === SOI && bytes[2] === 0xff;

/** The Orientation (1 to 8) in an APP1 "Exif" payload, or 1 when it has none or cannot be read. */
export function exifOrientation(payload: Buffer): number {
  if (payload.length < 14 || payload.toString('latin1', 0, 6) !== 'Exif\0\0') return 1;
  const tiff = payload.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const entries = u16(ifd);
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return 1;
    // A SHORT (type 3) holding one value, in the first two bytes of the value field.
    if (u16(entry) === ORIENTATION_TAG && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Whether a segment is kept: the JFIF header, a colour profile, Adobe's colour transform, and no other APPn/COM. */
function keepSegment(marker: number, payload: Buffer): boolean {
  if (marker === APP0 || marker === APP14) return true;
  if (marker === APP2) return payload.toString('latin1', 0, 12) === 'ICC_PROFILE\0';
  return !(marker >= APP0 && marker <= 0xef) && marker !== COM;
}

export interface CleanJpeg {
  /** The picture without EXIF, XMP, IPTC, comments or anything after its end (extra pictures, trailing data). */
  bytes: Buffer;
  /** The EXIF Orientation it had: 1 (as stored) to 8; 1 when it had none. */
  orientation: number;
}

/**
 * Walks a JPEG's segments and keeps only what draws the picture (see keepSegment), with the scans' data as they
 * are: a lossless copy, the pixels unchanged. Null when its structure cannot be walked (not a JPEG, or cut short).
 */
export function cleanJpeg(bytes: Buffer): CleanJpeg | null {
  if (!isJpeg(bytes)) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let orientation = 1;
  let at = 2;
  for (;;) {
    // Markers may be padded with 0xFF fill bytes.
    if (at >= bytes.length || bytes[at] !== 0xff) return null;
    while (at < bytes.length && bytes[at] === 0xff) at += 1;
    if (at >= bytes.length) return null;
    const marker = bytes[at];
    at += 1;
    if (marker === EOI) {
      kept.push(Buffer.from([0xff, EOI]));
      return { bytes: Buffer.concat(kept), orientation };
    }
    // Standalone markers (TEM, RSTn) carry no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(Buffer.from([0xff, marker]));
      continue;
    }
    if (at + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(at);
    if (length < 2 || at + length > bytes.length) return null;
    const payload = bytes.subarray(at + 2, at + length);
    const segment = bytes.subarray(at - 2, at + length);
    at += length;
    if (marker === APP1 && orientation === 1) orientation = exifOrientation(payload);
    if (keepSegment(marker, payload)) kept.push(segment);
    if (marker !== SOS) continue;
    // The scan's entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
    const start = at;
    while (at + 1 < bytes.length) {
      if (bytes[at] === 0xff) {
        const next = bytes[at + 1];
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
      }
      at += 1;
    }
    if (at + 1 >= bytes.length) return null;
    kept.push(bytes.subarray(start, at));
  }
}

/** The ffmpeg filters that turn a picture stored with `orientation` the right way up; '' for 1. */
export function uprightFilter(orientation: number): string {
  return (
    {
      2: 'hflip',
      3: 'hflip,vflip',
      4: 'vflip',
      5: 'transpose=0',
      6: 'transpose=1',
      7: 'transpose=3',
      8: 'transpose=2',
    }[orientation] ?? ''
  );
}
