import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDid, startFakeDid } from '../../test/fake-d-id';
import { DID_VOICES, DidError, didClient, didKeyWorks } from './d-id';

let fake: FakeDid;
beforeAll(async () => {
  fake = await startFakeDid(undefined, 2);
});
afterAll(async () => fake.close());

describe('D-ID client', () => {
  it('reads the remaining credits', async () => {
    expect(await didClient(fake.url).credits(fake.apiKey)).toEqual({ remaining: 2, total: 2 });
  });

  it('creates a talk from the image and text and follows it until the video is done', async () => {
    const client = didClient(fake.url);
    const { id } = await client.createTalk(fake.apiKey, {
      sourceUrl: 'https://gurukul.test/api/files/guru.png?expires=1&signature=x',
      text: 'Welcome to the course.',
      voice: 'shimmer',
    });
    expect(id).toMatch(/^tlk_/);
    expect(fake.talks.get(id)).toMatchObject({
      input: 'Welcome to the course.',
      provider: { type: 'microsoft', voice_id: DID_VOICES.shimmer },
    });
    expect(await client.getTalk(fake.apiKey, id)).toEqual({ id, status: 'started', resultUrl: null });
    expect(await client.getTalk(fake.apiKey, id)).toEqual({
      id,
      status: 'done',
      resultUrl: `https://d-id-talks.example/${id}.mp4`,
    });
    expect(fake.remaining).toBe(1);
  });

  it('turns refusals into DidError with the status: bad key 401, unknown talk 404, no credits 402', async () => {
    const client = didClient(fake.url);
    const statusOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 0,
        (error: DidError) => (error instanceof DidError ? error.status : -1),
      );
    expect(await statusOf(client.credits('wrong'))).toBe(401);
    expect(await statusOf(client.getTalk(fake.apiKey, 'tlk_nope'))).toBe(404);
    fake.remaining = 0;
    const talk = { sourceUrl: 'https://gurukul.test/a.png', text: 'Hi.', voice: 'alloy' as const };
    expect(await statusOf(client.createTalk(fake.apiKey, talk))).toBe(402);
    expect(await statusOf(client.createTalk(fake.apiKey, { ...talk, sourceUrl: 'not-a-url' }))).toBe(400);
    expect(await statusOf(didClient('http://127.0.0.1:9').credits(fake.apiKey))).toBe(0);
  });

  it('accepts a key only when GET /credits answers', async () => {
    expect(await didKeyWorks(fake.url, fake.apiKey)).toBe(true);
    expect(await didKeyWorks(fake.url, 'wrong')).toBe(false);
    expect(await didKeyWorks('http://127.0.0.1:9', fake.apiKey)).toBe(false);
  });
});
