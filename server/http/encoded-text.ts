import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

/** Answers smaller than this are sent as they are: below a packet or two, compressing saves nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** A text sent many times (a drawn page, a cached answer): compressed once per encoding a client asks for. */
export interface EncodedText {
  text: string;
  /** The bytes for an Accept-Encoding header, with the encoding they are in (none when none is accepted). */
  encodedFor(acceptEncoding: string | undefined): { body: Buffer | string; encoding: 'br' | 'gzip' | null };
}

const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/**
 * `text` with its brotli and gzip forms made on first demand and kept. Brotli at quality 9 (text mode): within a
 * few per cent of 11, at a tenth of its time, which a text compressed once can afford (the serving hooks' per-answer
 * quality is 4). A text under COMPRESS_THRESHOLD_BYTES is always sent as it is.
 */
export function encodedText(text: string): EncodedText {
  const kept: { br?: Buffer; gzip?: Buffer } = {};
  const small = Buffer.byteLength(text) < COMPRESS_THRESHOLD_BYTES;
  return {
    text,
    encodedFor(acceptEncoding) {
      const encoding = acceptEncoding && !small ? encodings.negotiate(acceptEncoding) : null;
      if (encoding === 'br') {
        kept.br ??= brotliCompressSync(text, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        });
        return { body: kept.br, encoding };
      }
      if (encoding === 'gzip') {
        kept.gzip ??= gzipSync(text);
        return { body: kept.gzip, encoding };
      }
      return { body: text, encoding: null };
    },
  };
}
