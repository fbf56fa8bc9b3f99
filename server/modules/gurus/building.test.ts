import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GURU_MSG } from '../../../common/gurus';
import { courseVideos, gurus, integrationKeys, storedFiles } from '../../db/schema/index';
import { insertCourse } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { createGuru, VALID_GURU_INFO } from '../../test/gurus';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart, tinyPng } from '../../test/uploads';

let ctx: TestContext;
type Headers = Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

/** A teacher on a plan allowing `gurus` gurus. */
async function teacherWithGurus(gurusAllowed: number | null = 10) {
  const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  const plan = await insertPlan(ctx.app, { limits: { gurus: gurusAllowed } });
  await putOnPlan(ctx.app, teacher.user.id, plan.id);
  return teacher;
}

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, payload: payload as never });

const upload = (url: string, headers: Headers, name: string, type: string, bytes: Buffer) => {
  const body = multipart(name, type, bytes);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

/** A minimal valid GLB: the 12-byte header and an empty JSON chunk padded to 4 bytes. */
function tinyGlb(): Buffer {
  const json = Buffer.from('{"asset":{"version":"2.0"}}  ', 'utf8');
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + json.length, 8);
  header.writeUInt32LE(json.length, 12);
  header.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([header, json]);
}

const AVATAR = { avatarKind: 'static', voice: 'nova', fallbackVoice: 'alloy' };

describe('creating, listing and reading gurus', () => {
  it('creates a draft guru and lists it with the limit state', async () => {
    const teacher = await teacherWithGurus(2);
    const guru = await createGuru(ctx.app, teacher.headers, {
      name: '  Physics Guru ',
      teachingMode: 'hints',
    });
    expect(guru).toMatchObject({
      name: 'Physics Guru',
      teachingMode: 'hints',
      status: 'draft',
      ownerId: teacher.user.id,
      needsTraining: false,
      demo: [],
      faq: [],
    });
    const list = await call('GET', '/api/gurus', teacher.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().limit).toEqual({ limit: 2, count: 1, overLimit: false });
    expect(list.json().gurus.map((g: { id: string }) => g.id)).toEqual([guru.id]);
    const read = await call('GET', `/api/gurus/${guru.id}`, teacher.headers);
    expect(read.json().name).toBe('Physics Guru');
  });

  it('refuses a guru over the plan limit with the upgrade text, keeping the others', async () => {
    const teacher = await teacherWithGurus(1);
    await createGuru(ctx.app, teacher.headers);
    const refused = await call('POST', '/api/gurus', teacher.headers, VALID_GURU_INFO);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GURU_MSG.upgradeForGurus);
    expect((await call('GET', '/api/gurus', teacher.headers)).json().gurus).toHaveLength(1);
  });

  it("counts an institute's teachers' gurus against the institute's plan", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const plan = await insertPlan(ctx.app, { audience: 'institute', limits: { gurus: 1 } });
    await putOnPlan(ctx.app, institute.user.id, plan.id);
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    await createGuru(ctx.app, teacher.headers);
    const refused = await call('POST', '/api/gurus', institute.headers, VALID_GURU_INFO);
    expect(refused.json().message).toBe(GURU_MSG.upgradeForGurus);
  });

  it('refuses a plan without the gurus module', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const plan = await insertPlan(ctx.app, { modules: { gurus: 'NONE' } });
    await putOnPlan(ctx.app, teacher.user.id, plan.id);
    const refused = await call('POST', '/api/gurus', teacher.headers, VALID_GURU_INFO);
    expect(refused.statusCode).toBe(403);
  });

  it('rejects an empty name without saving anything', async () => {
    const teacher = await teacherWithGurus();
    const refused = await call('POST', '/api/gurus', teacher.headers, { ...VALID_GURU_INFO, name: '  ' });
    expect(refused.statusCode).toBe(400);
    expect((await call('GET', '/api/gurus', teacher.headers)).json().gurus).toHaveLength(0);
  });
});

describe('who may build a guru', () => {
  it("refuses another teacher and lets the owner's institute and admins in", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const stranger = await teacherWithGurus();
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const guru = await createGuru(ctx.app, teacher.headers);

    for (const [method, url, payload] of [
      ['GET', `/api/gurus/${guru.id}`],
      ['PUT', `/api/gurus/${guru.id}/training-information`, VALID_GURU_INFO],
      ['DELETE', `/api/gurus/${guru.id}`],
    ] as const) {
      expect((await call(method, url, stranger.headers, payload)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/gurus', stranger.headers)).json().gurus).toHaveLength(0);

    const instituteList = await call('GET', '/api/gurus', institute.headers);
    expect(instituteList.json().gurus).toEqual([
      expect.objectContaining({ id: guru.id, ownerName: teacher.user.fullName }),
    ]);
    const renamed = await call('PUT', `/api/gurus/${guru.id}/training-information`, institute.headers, {
      ...VALID_GURU_INFO,
      name: 'Renamed by the institute',
    });
    expect(renamed.json().name).toBe('Renamed by the institute');
    expect(
      (await call('GET', '/api/gurus', admin.headers)).json().gurus.map((g: { id: string }) => g.id),
    ).toContain(guru.id);
  });

  it('answers 404 for a guru that does not exist', async () => {
    const teacher = await teacherWithGurus();
    const missing = await call('GET', '/api/gurus/6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f', teacher.headers);
    expect(missing.statusCode).toBe(404);
  });
});

describe('sources', () => {
  it("offers the actor's courses with their videos and accepts only those", async () => {
    const teacher = await teacherWithGurus();
    const other = await teacherWithGurus();
    const course = await insertCourse(ctx.app, teacher.user.id, { title: 'Geometry' });
    const foreign = await insertCourse(ctx.app, other.user.id, { title: 'Chemistry' });
    const [video] = await ctx.app.db
      .insert(courseVideos)
      .values({ courseId: course.id, title: 'Angles', captionsPath: `courses/${course.id}/c.vtt` })
      .returning();
    const [foreignVideo] = await ctx.app.db
      .insert(courseVideos)
      .values({ courseId: foreign.id, title: 'Atoms' })
      .returning();
    const guru = await createGuru(ctx.app, teacher.headers);

    const options = await call('GET', '/api/gurus/source-options', teacher.headers);
    expect(options.json().courses).toEqual([
      {
        id: course.id,
        title: 'Geometry',
        videos: [{ id: video.id, title: 'Angles', hasCaptions: true, durationSeconds: null }],
        materialCount: 0,
        faqCount: 0,
      },
    ]);

    const url = `/api/gurus/${guru.id}/sources`;
    const saved = await call('PUT', url, teacher.headers, { courseIds: [course.id], videoIds: [video.id] });
    expect(saved.json()).toMatchObject({ courseIds: [course.id], videoIds: [video.id] });

    const foreignCourse = await call('PUT', url, teacher.headers, { courseIds: [foreign.id] });
    expect(foreignCourse.statusCode).toBe(400);
    const foreignVid = await call('PUT', url, teacher.headers, {
      courseIds: [course.id],
      videoIds: [foreignVideo.id],
    });
    expect(foreignVid.statusCode).toBe(400);
    // Refused input never loses what was saved.
    expect((await call('GET', `/api/gurus/${guru.id}`, teacher.headers)).json()).toMatchObject({
      courseIds: [course.id],
      videoIds: [video.id],
    });
    const list = await call('GET', '/api/gurus', teacher.headers);
    expect(list.json().gurus[0].courseTitles).toEqual(['Geometry']);
  });
});

describe('avatar', () => {
  it('needs an uploaded image for a static avatar', async () => {
    const teacher = await teacherWithGurus();
    const guru = await createGuru(ctx.app, teacher.headers);
    const url = `/api/gurus/${guru.id}/avatar`;
    const refused = await call('PUT', url, teacher.headers, AVATAR);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(GURU_MSG.staticAvatarImage);

    const notImage = await upload(
      `/api/gurus/${guru.id}/avatar-image`,
      teacher.headers,
      'face.png',
      'image/png',
      Buffer.from('not really a picture at all'),
    );
    expect(notImage.statusCode).toBe(400);
    const image = await upload(
      `/api/gurus/${guru.id}/avatar-image`,
      teacher.headers,
      'f.png',
      'image/png',
      tinyPng(),
    );
    expect(image.statusCode, image.body).toBe(200);
    expect(image.json().avatarImageUrl).toContain(`gurus/${guru.id}/avatar/`);

    const saved = await call('PUT', url, teacher.headers, AVATAR);
    expect(saved.json()).toMatchObject({ avatarKind: 'static', voice: 'nova', fallbackVoice: 'alloy' });
  });

  it('explains a missing voice or fallback voice', async () => {
    const teacher = await teacherWithGurus();
    const guru = await createGuru(ctx.app, teacher.headers);
    const url = `/api/gurus/${guru.id}/avatar`;
    const noVoice = await call('PUT', url, teacher.headers, { ...AVATAR, voice: undefined });
    expect(noVoice.statusCode).toBe(400);
    expect(noVoice.body).toContain(GURU_MSG.selectVoice);
    const noFallback = await call('PUT', url, teacher.headers, { ...AVATAR, fallbackVoice: 'robot' });
    expect(noFallback.body).toContain(GURU_MSG.selectFallbackVoice);
  });

  it("needs the owner's D-ID key for a D-ID avatar", async () => {
    const teacher = await teacherWithGurus();
    const guru = await createGuru(ctx.app, teacher.headers);
    const url = `/api/gurus/${guru.id}/avatar`;
    const refused = await call('PUT', url, teacher.headers, { ...AVATAR, avatarKind: 'd_id' });
    expect(refused.json().message).toBe(GURU_MSG.didKeyMissing);
    await ctx.app.db
      .insert(integrationKeys)
      .values({ userId: teacher.user.id, keyName: 'didApiKey', encrypted: 'x', lastFour: 'abcd' });
    const saved = await call('PUT', url, teacher.headers, { ...AVATAR, avatarKind: 'd_id' });
    expect(saved.json().avatarKind).toBe('d_id');
  });

  it('needs a GLB URL or upload for a Ready Player Me avatar and checks the GLB bytes', async () => {
    const teacher = await teacherWithGurus();
    const guru = await createGuru(ctx.app, teacher.headers);
    const url = `/api/gurus/${guru.id}/avatar`;
    const rpm = { ...AVATAR, avatarKind: 'readyplayerme' };
    expect((await call('PUT', url, teacher.headers, rpm)).json().message).toBe(GURU_MSG.glbRequired);
    const byUrl = await call('PUT', url, teacher.headers, {
      ...rpm,
      avatarGlbUrl: 'https://models.example.com/a.glb',
    });
    expect(byUrl.json().avatarGlbUrl).toBe('https://models.example.com/a.glb');

    const glbUrl = `/api/gurus/${guru.id}/avatar-glb`;
    const fake = await upload(glbUrl, teacher.headers, 'a.glb', 'model/gltf-binary', tinyPng());
    expect(fake.statusCode).toBe(400);
    const real = await upload(glbUrl, teacher.headers, 'a.glb', 'model/gltf-binary', tinyGlb());
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().avatarGlbUrl).toContain(`gurus/${guru.id}/avatar/`);
    const oversized = Buffer.concat([tinyGlb(), Buffer.alloc(20 * 1024 * 1024)]);
    const tooBig = await upload(glbUrl, teacher.headers, 'big.glb', 'model/gltf-binary', oversized);
    expect(tooBig.statusCode).toBe(413);
    // With an uploaded file, clearing the URL keeps the avatar valid.
    const cleared = await call('PUT', url, teacher.headers, { ...rpm, avatarGlbUrl: '' });
    expect(cleared.statusCode).toBe(200);
  });
});

describe('introduction and questions', () => {
  it('saves the introduction and accepts only mp4/webm videos', async () => {
    const teacher = await teacherWithGurus();
    const guru = await createGuru(ctx.app, teacher.headers);
    const saved = await call('PUT', `/api/gurus/${guru.id}/introduction`, teacher.headers, {
      introductionText: ' Hello, I teach geometry. ',
    });
    expect(saved.json().introductionText).toBe('Hello, I teach geometry.');
    const notVideo = await upload(
      `/api/gurus/${guru.id}/introduction-video`,
      teacher.headers,
      'intro.mp4',
      'video/mp4',
      tinyPng(),
    );
    expect(notVideo.statusCode).toBe(400);
    expect(
      (await call('GET', `/api/gurus/${guru.id}`, teacher.headers)).json().introductionVideoUrl,
    ).toBeNull();
  });

  it('replaces the demo and FAQ lists and marks a trained guru as needing training after FAQ edits', async () => {
    const teacher = await teacherWithGurus();
    const guru = await createGuru(ctx.app, teacher.headers);
    const faqUrl = `/api/gurus/${guru.id}/questions/faq`;
    const first = await call('PUT', faqUrl, teacher.headers, {
      items: [
        { question: 'What is a right angle?', answer: 'Ninety degrees.' },
        { question: 'What is a line?', answer: 'A straight path.' },
      ],
    });
    expect(first.json().faq.map((q: { question: string }) => q.question)).toEqual([
      'What is a right angle?',
      'What is a line?',
    ]);
    const demo = await call('PUT', `/api/gurus/${guru.id}/questions/demo`, teacher.headers, {
      items: [{ question: 'Try me', answer: 'Sure.' }],
    });
    expect(demo.json().demo).toHaveLength(1);
    expect(demo.json().faq).toHaveLength(2);

    const trainedAt = new Date(Date.now() + 1000);
    await ctx.app.db.update(gurus).set({ status: 'ready', trainedAt }).where(eq(gurus.id, guru.id));
    const demoAgain = await call('PUT', `/api/gurus/${guru.id}/questions/demo`, teacher.headers, {
      items: [],
    });
    expect(demoAgain.json().needsTraining).toBe(false);
    // Same FAQ in another order: the entries keep their ids and nothing needs training.
    const reordered = await call('PUT', faqUrl, teacher.headers, {
      items: [first.json().faq[1], first.json().faq[0]].map(({ question, answer }) => ({ question, answer })),
    });
    expect(reordered.json().faq.map((q: { id: string }) => q.id)).toEqual([
      first.json().faq[1].id,
      first.json().faq[0].id,
    ]);
    await ctx.app.db
      .update(gurus)
      .set({ trainedAt: new Date(Date.now() - 1000) })
      .where(eq(gurus.id, guru.id));
    const edited = await call('PUT', faqUrl, teacher.headers, {
      items: [{ question: 'What is a right angle?', answer: 'An angle of 90 degrees.' }],
    });
    expect(edited.json()).toMatchObject({ status: 'ready', needsTraining: true });
    expect(edited.json().faq).toHaveLength(1);
  });

  it('rejects an unknown list kind', async () => {
    const teacher = await teacherWithGurus();
    const guru = await createGuru(ctx.app, teacher.headers);
    const refused = await call('PUT', `/api/gurus/${guru.id}/questions/other`, teacher.headers, {
      items: [],
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('deleting and the downgrade rule', () => {
  it('deletes a guru and frees its files', async () => {
    const teacher = await teacherWithGurus();
    const guru = await createGuru(ctx.app, teacher.headers);
    await upload(`/api/gurus/${guru.id}/avatar-image`, teacher.headers, 'f.png', 'image/png', tinyPng());
    const files = () =>
      ctx.app.db
        .select()
        .from(storedFiles)
        .where(like(storedFiles.path, `gurus/${guru.id}/%`));
    // The picture and its medium and large copies.
    expect(await files()).toHaveLength(3);
    expect((await call('DELETE', `/api/gurus/${guru.id}`, teacher.headers)).statusCode).toBe(204);
    expect(await files()).toHaveLength(0);
    expect((await call('GET', `/api/gurus/${guru.id}`, teacher.headers)).statusCode).toBe(404);
  });

  it('after a downgrade allows only reading and deleting until enough gurus are deleted', async () => {
    const teacher = await teacherWithGurus(3);
    const first = await createGuru(ctx.app, teacher.headers);
    const second = await createGuru(ctx.app, teacher.headers, { name: 'Second' });
    const smaller = await insertPlan(ctx.app, { limits: { gurus: 1 } });
    await putOnPlan(ctx.app, teacher.user.id, smaller.id);

    const list = await call('GET', '/api/gurus', teacher.headers);
    expect(list.json().limit).toEqual({ limit: 1, count: 2, overLimit: true });
    expect((await call('GET', `/api/gurus/${first.id}`, teacher.headers)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['PUT', `/api/gurus/${first.id}/training-information`, VALID_GURU_INFO],
      ['PUT', `/api/gurus/${first.id}/questions/demo`, { items: [] }],
      ['PUT', `/api/gurus/${first.id}/introduction`, { introductionText: 'Hi' }],
      ['PUT', `/api/gurus/${first.id}/sources`, { courseIds: [] }],
      ['POST', '/api/gurus', VALID_GURU_INFO],
    ] as const) {
      const refused = await call(method, url, teacher.headers, payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(GURU_MSG.deleteExtraGurus);
    }
    expect((await call('DELETE', `/api/gurus/${second.id}`, teacher.headers)).statusCode).toBe(204);
    const renamed = await call('PUT', `/api/gurus/${first.id}/training-information`, teacher.headers, {
      ...VALID_GURU_INFO,
      name: 'Back in business',
    });
    expect(renamed.statusCode).toBe(200);
  });
});
