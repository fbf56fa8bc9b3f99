import { describe, expect, it } from 'vitest';
import {
  ALLOWED_ARCHIVE_TYPES,
  ALLOWED_AUDIO_TYPES,
  ALLOWED_DOCUMENT_TYPES,
  ALLOWED_IMAGE_TYPES,
  ALLOWED_VIDEO_TYPES,
  FILE_SNIFF_BYTES,
  fileCategoryFromContentType,
  storableBaseName,
  storableName,
  storableText,
} from './files';

describe('fileCategoryFromContentType', () => {
  it('classifies by MIME family', () => {
    expect(fileCategoryFromContentType('image/png')).toBe('IMAGE');
    expect(fileCategoryFromContentType('image/svg+xml')).toBe('IMAGE');
    expect(fileCategoryFromContentType('application/pdf')).toBe('PDF');
    expect(fileCategoryFromContentType('video/mp4')).toBe('VIDEO');
    expect(fileCategoryFromContentType('audio/mpeg')).toBe('AUDIO');
  });

  it('tolerates parameters, whitespace and upper case', () => {
    expect(fileCategoryFromContentType('Image/JPEG')).toBe('IMAGE');
    expect(fileCategoryFromContentType('APPLICATION/PDF; charset=binary')).toBe('PDF');
    expect(fileCategoryFromContentType('  audio/ogg ; codecs=opus')).toBe('AUDIO');
    expect(fileCategoryFromContentType('video/webm;codecs="vp9"')).toBe('VIDEO');
  });

  it('returns OTHER for missing or unrecognised types', () => {
    expect(fileCategoryFromContentType(null)).toBe('OTHER');
    expect(fileCategoryFromContentType(undefined)).toBe('OTHER');
    expect(fileCategoryFromContentType('')).toBe('OTHER');
    expect(fileCategoryFromContentType('text/plain; charset=utf-8')).toBe('OTHER');
    expect(fileCategoryFromContentType('application/zip')).toBe('OTHER');
    expect(fileCategoryFromContentType('application/pdfx')).toBe('OTHER');
    expect(fileCategoryFromContentType('image')).toBe('OTHER');
    expect(fileCategoryFromContentType('x-image/png')).toBe('OTHER');
  });
});

describe('allowed MIME lists', () => {
  const all = [
    ...ALLOWED_IMAGE_TYPES,
    ...ALLOWED_VIDEO_TYPES,
    ...ALLOWED_AUDIO_TYPES,
    ...ALLOWED_DOCUMENT_TYPES,
    ...ALLOWED_ARCHIVE_TYPES,
  ];

  it('contain the expected types', () => {
    expect(ALLOWED_IMAGE_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
    expect(ALLOWED_VIDEO_TYPES).toEqual(['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska']);
    expect(ALLOWED_AUDIO_TYPES).toEqual(
      expect.arrayContaining([
        'audio/mpeg',
        'audio/wav',
        'audio/ogg',
        'audio/mp4',
        'audio/aac',
        'audio/webm',
      ]),
    );
    expect(ALLOWED_DOCUMENT_TYPES).toContain('application/pdf');
    expect(ALLOWED_DOCUMENT_TYPES).toContain('text/plain');
    expect(ALLOWED_DOCUMENT_TYPES).toContain(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(ALLOWED_DOCUMENT_TYPES).toContain(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(ALLOWED_ARCHIVE_TYPES).toEqual(['application/zip']);
  });

  it('are lower-case, well-formed and not duplicated', () => {
    for (const type of all) expect(type).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
    expect(new Set(all).size).toBe(all.length);
  });

  it('agree with the category of each family', () => {
    for (const type of ALLOWED_IMAGE_TYPES) expect(fileCategoryFromContentType(type)).toBe('IMAGE');
    for (const type of ALLOWED_VIDEO_TYPES) expect(fileCategoryFromContentType(type)).toBe('VIDEO');
    for (const type of ALLOWED_AUDIO_TYPES) expect(fileCategoryFromContentType(type)).toBe('AUDIO');
  });

  it('sniffs 100 bytes', () => {
    expect(FILE_SNIFF_BYTES).toBe(100);
  });
});

describe('names and titles sent with uploads', () => {
  it('keeps a title whole, slashes and scripts included, without what PostgreSQL cannot store', () => {
    expect(storableText('  Forces / Motion\u0000 ')).toBe('Forces / Motion');
    expect(storableText('a\ud800b')).toBe('ab');
    // Cut by characters, never inside one: 3 code points of a Devanagari word.
    expect(storableText('नमस्ते', 3)).toBe('नमस');
  });

  it('keeps only the last path part of a file name, and drops the extension for a title', () => {
    expect(storableName('C:\\Users\\asha\\पाठ 1.pdf')).toBe('पाठ 1.pdf');
    expect(storableName('../../etc/pass\u0000wd')).toBe('passwd');
    expect(storableBaseName('slides/Lesson 1.final.pdf')).toBe('Lesson 1.final');
    expect(storableBaseName('.hidden')).toBe('.hidden');
    expect(storableBaseName(undefined)).toBe('');
  });
});
