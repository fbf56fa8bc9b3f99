import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_ANSWER_MS, catalogAnswerCache } from './answer-cache';

/** A bare Fastify app with the cache on its root and one write route, as app.ts has it. */
async function appWithCache() {
  const app = Fastify();
  const cache = catalogAnswerCache(app);
  app.post('/write', async () => ({ ok: true }));
  await app.ready();
  return { app, cache };
}

const counting = () => {
  let reads = 0;
  const read = async () => {
    reads += 1;
    return { courses: [], read: reads };
  };
  return { read, reads: () => reads };
};

afterEach(() => vi.useRealTimers());

describe('the catalog answer cache', () => {
  it('serves a page from memory for a second, then reads it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { app, cache } = await appWithCache();
    const { read, reads } = counting();
    const first = await cache.answer('p1', read);
    expect(JSON.parse(first.text)).toEqual({ courses: [], read: 1 });
    expect((await cache.answer('p1', read)).text).toBe(first.text);
    expect(reads()).toBe(1);
    // Another page is its own entry.
    await cache.answer('p2', read);
    expect(reads()).toBe(2);
    vi.setSystemTime(Date.now() + CATALOG_ANSWER_MS);
    expect(JSON.parse((await cache.answer('p1', read)).text).read).toBe(3);
    await app.close();
  });

  it('shares one read among askers of a page not kept', async () => {
    const { app, cache } = await appWithCache();
    const { read, reads } = counting();
    const answers = await Promise.all([
      cache.answer('p', read),
      cache.answer('p', read),
      cache.answer('p', read),
    ]);
    expect(reads()).toBe(1);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    await app.close();
  });

  it('forgets every page once a write is answered, and never keeps a read that a write overtook', async () => {
    const { app, cache } = await appWithCache();
    const { read, reads } = counting();
    await cache.answer('p', read);
    expect((await app.inject({ method: 'POST', url: '/write' })).statusCode).toBe(200);
    await cache.answer('p', read);
    expect(reads()).toBe(2);

    // A read still running when a write is answered serves its asker, but the next asker reads afresh.
    let finish: (value: unknown) => void = () => {};
    const slow = cache.answer('q', () => new Promise((resolve) => (finish = resolve)));
    await app.inject({ method: 'POST', url: '/write' });
    finish({ stale: true });
    expect(JSON.parse((await slow).text)).toEqual({ stale: true });
    expect(JSON.parse((await cache.answer('q', read)).text).read).toBe(3);
    await app.close();
  });

  it('keeps no failed read', async () => {
    const { app, cache } = await appWithCache();
    await expect(cache.answer('p', () => Promise.reject(new Error('database away')))).rejects.toThrow();
    const { read, reads } = counting();
    await cache.answer('p', read);
    expect(reads()).toBe(1);
    await app.close();
  });
});
