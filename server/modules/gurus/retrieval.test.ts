import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { OFF_TOPIC, QUESTIONS } from '../../test/fixtures/geometry-course';
import { buildGeometryGuru } from '../../test/fixtures/guru-training';
import { startTestApp, type TestContext } from '../../test/harness';
import { retrievePassages } from './retrieval';

describe('retrieval', () => {
  let ctx: TestContext;
  let built: Awaited<ReturnType<typeof buildGeometryGuru>>;

  beforeAll(async () => {
    ctx = await startTestApp();
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    built = await buildGeometryGuru(ctx.app, teacher.id);
  });
  afterAll(async () => ctx?.close());

  it('finds the passage that answers on-topic questions', async () => {
    let firstHits = 0;
    for (const { question, topic } of QUESTIONS) {
      const passages = await retrievePassages(ctx.app, built.guru.id, question);
      expect(passages.length, question).toBeGreaterThan(0);
      const expected = built.topicAt.get(topic);
      const top3 = passages.slice(0, 3).map((passage) => `${passage.videoId}@${passage.startSeconds}`);
      expect(top3, question).toContain(`${expected?.videoId}@${expected?.startSeconds}`);
      if (passages[0].startSeconds === expected?.startSeconds && passages[0].videoId === expected?.videoId)
        firstHits += 1;
      // Best first.
      expect(passages.map((passage) => passage.rank).every((rank) => rank > 0)).toBe(true);
    }
    expect(firstHits / QUESTIONS.length).toBeGreaterThanOrEqual(0.85);
  });

  it('finds nothing for off-topic questions and questions of only stop words', async () => {
    for (const question of [...OFF_TOPIC, 'what is it?', 'and then?', '???']) {
      expect(await retrievePassages(ctx.app, built.guru.id, question), question).toEqual([]);
    }
  });

  it('treats query syntax and quotes in the question as plain words', async () => {
    for (const question of ["hypotenuse' | ! & <-> :* ''", "a\\b \\' hypotenuse:*"]) {
      const passages = await retrievePassages(ctx.app, built.guru.id, question);
      expect(passages[0]?.text ?? '', question).toContain('hypotenuse');
    }
    expect(await retrievePassages(ctx.app, built.guru.id, "'); drop table guru_chunks; --")).toEqual([]);
    expect(
      (await retrievePassages(ctx.app, built.guru.id, 'What is the hypotenuse?')).length,
    ).toBeGreaterThan(0);
  });

  it('searches only the guru asked', async () => {
    const other = await buildUser(ctx.app, { userType: 'teacher' });
    const { insertGuru } = await import('../../test/fixtures/guru-training');
    const empty = await insertGuru(ctx.app, other.id);
    expect(await retrievePassages(ctx.app, empty.id, 'What is the hypotenuse?')).toEqual([]);
  });
});
