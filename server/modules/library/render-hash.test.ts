import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCAL_VOICES_EDITION } from '../../../common/voices';
import { segmentRenderHash } from './render-hash';

const library = {
  title: 'Lesson',
  voice: 'alloy',
  fallbackVoice: 'echo',
  language: '',
  avatarKind: 'none',
  avatarImagePath: null,
  avatarCorner: 'bottom-right',
  fontFamily: 'Lato',
  themeColor: 'blue',
};

describe('segmentRenderHash and the narration language', () => {
  it('keeps an English segment’s hash (no render again), whatever the library’s language says', () => {
    const segment = { slidePath: 'a.png', description: 'The sun is a star.' };
    const english = segmentRenderHash(library, segment, false);
    expect(segmentRenderHash({ ...library, language: 'en' }, segment, false)).toBe(english);
    expect(segmentRenderHash({ ...library, language: 'hi' }, segment, false)).toBe(english);
    // As the hash was before languages (a change would render every English lesson again).
    const before = {
      slide: 'a.png',
      narration: 'The sun is a star.',
      voice: 'alloy',
      fallbackVoice: 'echo',
      voices: LOCAL_VOICES_EDITION,
      avatar: 'none',
      corner: '',
      font: 'Lato',
      color: 'blue',
      title: '',
    };
    expect(english).toBe(createHash('sha256').update(JSON.stringify(before)).digest('hex'));
  });

  it('renders a Devanagari segment again when its language changes (Hindi and Marathi voices differ)', () => {
    const segment = { slidePath: 'a.png', description: 'सूर्य एक तारा है।' };
    const hindi = segmentRenderHash({ ...library, language: 'hi' }, segment, false);
    expect(segmentRenderHash(library, segment, false)).toBe(hindi);
    expect(segmentRenderHash({ ...library, language: 'mr' }, segment, false)).not.toBe(hindi);
  });
});
