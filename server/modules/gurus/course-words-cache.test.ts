import { describe, expect, it } from 'vitest';
import { CourseWordsCache } from './course-words-cache';

describe('CourseWordsCache', () => {
  const trained = new Date('2026-11-29T10:00:00Z');

  it('reads a trained guru once, and again after it is retrained', async () => {
    const cache = new CourseWordsCache<number>();
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.read({ id: 'g1', trainedAt: trained }, load)).toBe(1);
    expect(await cache.read({ id: 'g1', trainedAt: trained }, load)).toBe(1);
    expect(await cache.read({ id: 'g1', trainedAt: new Date(trained.getTime() + 1) }, load)).toBe(2);
    expect(await cache.read({ id: 'g2', trainedAt: trained }, load)).toBe(3);
  });

  it('never keeps what a guru never trained says', async () => {
    const cache = new CourseWordsCache<number>();
    let reads = 0;
    const load = async () => ++reads;
    await cache.read({ id: 'g1', trainedAt: null }, load);
    await cache.read({ id: 'g1', trainedAt: null }, load);
    expect(reads).toBe(2);
  });

  it('drops the guru least recently asked about past 64', async () => {
    const cache = new CourseWordsCache<string>();
    const reads: string[] = [];
    const read = (id: string) =>
      cache.read({ id, trainedAt: trained }, async () => {
        reads.push(id);
        return id;
      });
    for (let n = 0; n < 64; n += 1) await read(`g${n}`);
    await read('g0'); // asked again: now the most recent
    await read('g64'); // one past the limit: g1 goes
    reads.length = 0;
    await read('g0');
    await read('g1');
    expect(reads).toEqual(['g1']);
  });
});
