import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, encodedText } from './encoded-text';

describe('encodedText', () => {
  const long = JSON.stringify({ words: 'नमस्ते दुनिया, hello world. '.repeat(80) });

  it('gives brotli, gzip or the text as the Accept-Encoding asks, each made once and kept', () => {
    const text = encodedText(long);
    const br = text.encodedFor('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(long);
    expect(text.encodedFor('br').body).toBe(br.body);
    const gzip = text.encodedFor('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(long);
    expect(text.encodedFor('br;q=0, gzip;q=0')).toEqual({ body: long, encoding: null });
    expect(text.encodedFor(undefined)).toEqual({ body: long, encoding: null });
  });

  it('sends a text under the threshold as it is: compressing a packet saves nothing', () => {
    const short = 'x'.repeat(COMPRESS_THRESHOLD_BYTES - 1);
    expect(encodedText(short).encodedFor('br')).toEqual({ body: short, encoding: null });
    // Counted in bytes, not characters: Devanagari takes three bytes a letter.
    const devanagari = 'क'.repeat(Math.ceil(COMPRESS_THRESHOLD_BYTES / 3));
    expect(encodedText(devanagari).encodedFor('br').encoding).toBe('br');
  });
});
