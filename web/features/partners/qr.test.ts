import { describe, expect, it } from 'vitest';
import { qrMatrix, qrPath } from './qr';

describe('referral QR code', () => {
  it('encodes a link as a square with a quiet zone and the three finder patterns', () => {
    const matrix = qrMatrix('http://127.0.0.1:3301/r/PAVAN-01', 2);
    expect(matrix.dark).toHaveLength(matrix.size);
    for (const row of matrix.dark) expect(row).toHaveLength(matrix.size);
    // The quiet zone is light; the top-left finder starts right inside it.
    expect(matrix.dark[0].some(Boolean)).toBe(false);
    expect(matrix.dark[2][2]).toBe(true);
    expect(matrix.dark[2][matrix.size - 3]).toBe(true);
    expect(matrix.dark[matrix.size - 3][2]).toBe(true);
  });

  it('draws one unit square per dark module', () => {
    const path = qrPath({
      size: 2,
      dark: [
        [true, false],
        [false, true],
      ],
    });
    expect(path).toBe('M0 0h1v1h-1zM1 1h1v1h-1z');
  });
});
