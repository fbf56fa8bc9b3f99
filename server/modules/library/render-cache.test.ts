import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/app-type';
import type { LibraryRow } from './access';
import { cacheSegmentsOf, renderThroughCache } from './render-cache';

describe('the demo render cache', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("never takes a teacher's library, even while the seed's libraries use it (the first start serves meanwhile)", async () => {
    const cache = await mkdtemp(path.join(os.tmpdir(), 'gurukul-render-cache-test-'));
    const work = await mkdtemp(path.join(os.tmpdir(), 'gurukul-render-cache-work-'));
    folders.push(cache, work);
    cacheSegmentsOf('seed-library', cache);
    try {
      const teachers = {
        id: 'teacher-library',
        avatarKind: 'none',
        avatarCorner: 'bottom-right',
      } as LibraryRow;
      const outPath = path.join(work, 'segment.mp4');
      let rendered = 0;
      const seconds = await renderThroughCache(
        // Neither the app nor the voice is reached for a library outside the cache.
        {} as App,
        teachers,
        {
          slidePng: Buffer.from('slide'),
          narration: 'A hexagon has six sides.',
          title: undefined,
          style: { fontFamily: 'Lato', colorHex: '#4c6ef5' },
          avatar: undefined,
          outPath,
        },
        async () => {
          rendered += 1;
          await writeFile(outPath, 'video');
          return 2.5;
        },
      );
      expect(seconds).toBe(2.5);
      expect(rendered).toBe(1);
      expect(await readdir(cache)).toEqual([]);
    } finally {
      cacheSegmentsOf('seed-library', null);
    }
  });
});
