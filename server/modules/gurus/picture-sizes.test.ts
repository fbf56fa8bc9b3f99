import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuruSummary, SessionGuru } from '../../../common/contracts/gurus';
import { insertConversation, readyGuruWithStudent } from '../../test/fixtures/conversations';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { startTestApp, type TestContext } from '../../test/harness';
import { brokenPng, drawnPng, servedSize, storedNames } from '../../test/pictures';
import { multipart } from '../../test/uploads';

// Guru pictures get medium (320 px) and large (640 px) WebP copies on upload (issue 19 item 2): the gurus list
// and a conversation's transcript show the medium one, the live session (240 CSS px) the large one, the
// building wizard the picture as uploaded.

let ctx: TestContext;
type Headers = Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const size = (url: string) => servedSize(ctx.app, url);

function uploadPicture(headers: Headers, guruId: string, bytes: Buffer) {
  const file = multipart('face.png', 'image/png', bytes);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/gurus/${guruId}/avatar-image`,
    payload: file.payload,
    headers: { ...headers, ...file.headers },
  });
}

/** A ready guru of a course with a subscribed student, its owner on a plan that allows building gurus. */
async function readyGuru() {
  const setup = await readyGuruWithStudent(ctx.app);
  const plan = await insertPlan(ctx.app, { limits: { gurus: 10 } });
  await putOnPlan(ctx.app, setup.owner.user.id, plan.id);
  return setup;
}

async function listedPicture(headers: Headers, guruId: string): Promise<string> {
  const response = await get('/api/gurus', headers);
  expect(response.statusCode, response.body).toBe(200);
  const guru = (response.json().gurus as GuruSummary[]).find((g) => g.id === guruId);
  expect(guru?.avatarImageUrl).toBeTruthy();
  return guru?.avatarImageUrl as string;
}

describe('guru picture sizes', () => {
  it('makes a medium and a large copy: the list and transcript get the medium, the session the large', async () => {
    const { owner, course, guru, student } = await readyGuru();
    const uploaded = await uploadPicture(owner.headers, guru.id, drawnPng(1000, 1000));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await storedNames(ctx.app, `gurus/${guru.id}/avatar`)).toEqual([
      'ID-large.webp',
      'ID-medium.webp',
      'ID.png',
    ]);
    // The wizard shows what was uploaded.
    expect(await size(uploaded.json().avatarImageUrl)).toEqual({
      width: 1000,
      height: 1000,
      type: 'image/png',
    });
    expect(await size(await listedPicture(owner.headers, guru.id))).toEqual({
      width: 320,
      height: 320,
      type: 'image/webp',
    });

    const info = await get(`/api/gurus/${guru.id}/session-info`, student.headers);
    expect(info.statusCode, info.body).toBe(200);
    const large = { width: 640, height: 640, type: 'image/webp' };
    expect(await size((info.json() as SessionGuru).avatarImageUrl as string)).toEqual(large);
    const forCourse = await get(`/api/gurus/for-course/${course.id}`, student.headers);
    const listed = (forCourse.json().gurus as SessionGuru[]).find((g) => g.id === guru.id);
    expect(await size(listed?.avatarImageUrl as string)).toEqual(large);

    const { conversation } = await insertConversation(ctx.app, guru.id, student.user.id);
    const transcript = await get(`/api/conversations/${conversation.id}`, owner.headers);
    expect(transcript.statusCode, transcript.body).toBe(200);
    expect(await size(transcript.json().guru.avatarImageUrl)).toEqual({
      width: 320,
      height: 320,
      type: 'image/webp',
    });
  });

  it('keeps the upload when no copy can be made, and then serves the picture itself', async () => {
    const { owner, guru, student } = await readyGuru();
    const uploaded = await uploadPicture(owner.headers, guru.id, brokenPng());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await storedNames(ctx.app, `gurus/${guru.id}/avatar`)).toEqual(['ID.png']);
    const original = uploaded.json().avatarImageUrl.split('?')[0];
    expect((await listedPicture(owner.headers, guru.id)).split('?')[0]).toBe(original);
    const info = (await get(`/api/gurus/${guru.id}/session-info`, student.headers)).json() as SessionGuru;
    expect(info.avatarImageUrl?.split('?')[0]).toBe(original);
  });

  it('removes the copies with the picture they belong to, and everything with the guru', async () => {
    const { owner, guru } = await readyGuru();
    const folder = `gurus/${guru.id}/avatar`;
    await uploadPicture(owner.headers, guru.id, drawnPng(800, 800));
    const firstMedium = await listedPicture(owner.headers, guru.id);
    await uploadPicture(owner.headers, guru.id, drawnPng(600, 300));
    expect(await storedNames(ctx.app, folder)).toEqual(['ID-large.webp', 'ID-medium.webp', 'ID.png']);
    expect((await get(firstMedium, owner.headers)).statusCode).toBe(404);
    const medium = await listedPicture(owner.headers, guru.id);
    expect(await size(medium)).toMatchObject({ width: 320, height: 160 });

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/gurus/${guru.id}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storedNames(ctx.app, `gurus/${guru.id}`)).toEqual([]);
    expect((await get(medium, owner.headers)).statusCode).toBe(404);
  });
});
