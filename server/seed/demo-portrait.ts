import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

/** Encodes RGBA pixels as a PNG (filter 0 on every row), so no image library is needed. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The demo guru's portrait, drawn in code: a friendly face on a blue background with the mouth in the
 * lower middle (the static avatar animates that area with the audio level).
 */
export function demoGuruPortrait(size = 256): Buffer {
  const pixels = new Uint8Array(size * size * 4);
  const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
    ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = x / size;
      const v = y / size;
      let color: Rgb = [54 + v * 40, 79 + v * 40, 199];
      if (inEllipse(u, v, 0.5, 1.05, 0.42, 0.28)) color = [47, 158, 68]; // shoulders
      if (inEllipse(u, v, 0.5, 0.46, 0.3, 0.36)) color = [237, 194, 158]; // face
      if (inEllipse(u, v, 0.5, 0.3, 0.33, 0.24) && v < 0.3) color = [72, 44, 26]; // hair
      if (inEllipse(u, v, 0.39, 0.44, 0.05, 0.04) || inEllipse(u, v, 0.61, 0.44, 0.05, 0.04))
        color = [250, 250, 250];
      if (inEllipse(u, v, 0.39, 0.445, 0.022, 0.022) || inEllipse(u, v, 0.61, 0.445, 0.022, 0.022))
        color = [30, 30, 40];
      if (inEllipse(u, v, 0.5, 0.63, 0.1, 0.035)) color = [160, 40, 50]; // mouth
      const i = (y * size + x) * 4;
      pixels.set([Math.round(color[0]), Math.round(color[1]), Math.round(color[2]), 255], i);
    }
  }
  return encodePng(size, size, pixels);
}
