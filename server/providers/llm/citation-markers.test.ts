import { describe, expect, it } from 'vitest';
import { CitationMarkers } from './citation-markers';

const run = (deltas: string[]) => {
  const markers = new CitationMarkers();
  const shown = deltas.map((delta) => markers.push(delta));
  shown.push(markers.flush());
  return { text: shown.join(''), shown, cited: markers.cited };
};

describe('citation markers', () => {
  it('strips markers split across deltas and remembers the numbers, first mention first', () => {
    const { text, cited } = run([
      'It is the longest side [',
      '2]. The other two ',
      'are legs [1, ',
      '2][3].',
    ]);
    expect(text).toBe('It is the longest side. The other two are legs.');
    expect(cited).toEqual([2, 1, 3]);
  });

  it('never shows part of a marker, and lets a bracket that is not one through', () => {
    const { shown, text, cited } = run(['Area [', '1', ']', ' is [a] pi r squared [see page 4].']);
    expect(shown.slice(0, 3).join('')).toBe('Area');
    expect(text).toBe('Area is [a] pi r squared [see page 4].');
    expect(cited).toEqual([1]);
    expect(run(['An unclosed [ bracket stays']).text).toBe('An unclosed [ bracket stays');
  });
});
