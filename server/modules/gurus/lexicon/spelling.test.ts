import { describe, expect, it } from 'vitest';
import { editDistance, graphemesOf } from './edit-distance';
import { allowedDistance, correctedSpelling, writtenOut } from './spelling';

const course = (text: string) => {
  const counts = new Map<string, number>();
  for (const word of text
    .toLocaleLowerCase()
    .split(/[\s.,;:!?]+/u)
    .filter(Boolean))
    counts.set(word, (counts.get(word) ?? 0) + 1);
  return async () => counts;
};

describe('students’ spelling (decision 057, round three)', () => {
  it('counts the Damerau–Levenshtein distance in graphemes, a swap of neighbours as one', () => {
    expect(editDistance(graphemesOf('circiuts'), graphemesOf('circuits'))).toBe(1);
    expect(editDistance(graphemesOf('vacine'), graphemesOf('vaccine'))).toBe(1);
    expect(editDistance(graphemesOf('antibodys'), graphemesOf('antibodies'))).toBe(2);
    // Devanagari: a vowel sign is part of its letter's grapheme, so one wrong sign is one edit.
    expect(graphemesOf('वाष्पीकरण')).toHaveLength(5);
    expect(editDistance(graphemesOf('वाष्पिकरण'), graphemesOf('वाष्पीकरण'))).toBe(1);
    expect([3, 4, 7, 8].map(allowedDistance)).toEqual([0, 1, 1, 2]);
  });

  it('writes out run-together forms and drops an adverb after the question word', () => {
    expect(writtenOut('whats a pathogen')).toBe('what is a pathogen');
    expect(writtenOut("What's an insulator? Why dont bees sting")).toBe(
      'What is an insulator? Why do not bees sting',
    );
    expect(writtenOut('What exactly is an antigen')).toBe('What is an antigen');
    expect(writtenOut("Ohm's law")).toBe("Ohm's law");
  });

  it('corrects a word the course does not use to its nearest course word, and leaves known words alone', async () => {
    const words = course('A vaccine trains the immune system. Series and parallel circuits. Heat.');
    expect(await correctedSpelling('when was the first vacine given', words)).toBe(
      'when was the first vaccine given',
    );
    expect(await correctedSpelling('where are the imune cells', words)).toBe('where are the immune cells');
    expect(await correctedSpelling('series and parallel circiuts?', words)).toBe(
      'series and parallel circuits?',
    );
    // A real word the course does not use ("heart" beside "heat"), and short words, stay as written.
    expect(await correctedSpelling('does heat stop the heart', words)).toBe('does heat stop the heart');
    // Any script: "वाष्पिकरण" is one vowel sign from the course's "वाष्पीकरण" (5 graphemes, not 9 code points).
    const hindi = course('वाष्पीकरण से पानी भाप बनता है');
    expect(await correctedSpelling('वाष्पिकरण क्या है', hindi)).toBe('वाष्पीकरण क्या है');
  });

  it('corrects an inflection spelt against the rules to the course’s form, ending as the student’s does', async () => {
    const words = course(
      'the monsoon splits into two branches: the Arabian Sea branch and the Bay of Bengal branch. It has left.',
    );
    expect(await correctedSpelling('how many branchs does the monsoon split into', words)).toBe(
      'how many branches does the monsoon split into',
    );
    // Inflections spelt by the rules are the student's own, irregular ones too.
    for (const question of [
      'when does it leave',
      'when has it left',
      'are the branches wet',
      'which is wetter',
    ])
      expect(await correctedSpelling(question, words)).toBe(question);
  });

  it('reads a misspelt first word as the question word it is one edit from, never a real word', async () => {
    const words = course('farmers grew wheat with barley which they stored');
    expect(await correctedSpelling('wich crops did farmers grow', words)).toBe(
      'which crops did farmers grow',
    );
    expect(await correctedSpelling('Wat is barley', words)).toBe('What is barley');
    // "with" and "that" are words of their own, not misspelt question words.
    expect(await correctedSpelling('with barley they grew wheat', words)).toBe('with barley they grew wheat');
  });

  it('reads the course’s words only when a word may need correcting', async () => {
    let read = 0;
    const words = async () => {
      read += 1;
      return new Map([['vaccine', 1]]);
    };
    expect(await correctedSpelling('What is a vaccine?', words)).toBe('What is a vaccine?');
    expect(read).toBe(0);
  });
});
