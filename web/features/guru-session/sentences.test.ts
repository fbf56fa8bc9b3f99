import { describe, expect, it } from 'vitest';
import { SentenceSplitter, spokenText } from './sentences';

const split = (deltas: string[]) => {
  const splitter = new SentenceSplitter();
  const spoken = deltas.flatMap((delta) => splitter.push(delta));
  return [...spoken, ...splitter.flush()];
};

describe('speaking a streamed answer', () => {
  it('speaks whole sentences only, however the text arrives', () => {
    expect(split(['Water exp', 'ands when it fre', 'ezes. Ice is ', 'lighter! Is it', '? Yes'])).toEqual([
      'Water expands when it freezes.',
      'Ice is lighter!',
      'Is it?',
      'Yes',
    ]);
  });

  it('does not cut at a wrapped line, a decimal point or an abbreviation', () => {
    expect(
      split(['The water\nvapour rises. Pi is 3.14 or so. Clouds, e.g. cumulus, float. Dr. Rain said so. ']),
    ).toEqual([
      'The water vapour rises.',
      'Pi is 3.14 or so.',
      'Clouds, e.g. cumulus, float.',
      'Dr. Rain said so.',
    ]);
    expect(split(['A heading\n\nThe text after it.'])).toEqual(['A heading', 'The text after it.']);
  });

  it('never reads citation markers, markdown or links aloud', () => {
    expect(spokenText('It is the **longest** side [1][2, 3].')).toBe('It is the longest side.');
    expect(spokenText('- See [the slide](https://example.com/x) at https://example.com/y now.')).toBe(
      'See the slide at now.',
    );
    expect(split(['Ice floats [1]. ', '[2]'])).toEqual(['Ice floats.']);
    expect(spokenText('Fill in the gap: A hexagon has ____ sides.')).toBe(
      'Fill in the gap: A hexagon has blank sides.',
    );
  });
});
