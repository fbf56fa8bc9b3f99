import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedLibrary, LibraryDetail } from '../../../common/contracts/library';
import { LIBRARY_MSG, unreadableSlidesMessage } from '../../../common/library';
import { moduleAddLockedMessage } from '../../../common/plan-limits';
import { courseLibraries, integrationKeys, librarySegments, storedFiles } from '../../db/schema/index';
import { writePdf } from '../../media/write-pdf';
import { fromProjectRoot } from '../../paths';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { type FakeDid, startFakeDid } from '../../test/fake-d-id';
import { pdfOf } from '../../test/fixtures/guru-training';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart, tinyPng } from '../../test/uploads';
import { encryptSecret } from '../integrations/crypto';

let ctx: TestContext;
let did: FakeDid;
type Login = Awaited<ReturnType<typeof buildAndLogin>>;
let institute: Login;
let owner: Login;
let stranger: Login;
let deck: Buffer;

const PAGES = [
  'Fractions are parts of a whole.',
  'Adding fractions needs a common denominator.',
  'Practice makes it easy.',
];

/** A multipart body with text fields and one file, as the upload page sends it. */
function deckUpload(fileName: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----library${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('') + head),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (who: Login, fileName: string, bytes: Buffer, fields: Record<string, string> = {}) => {
  const body = deckUpload(fileName, bytes, fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/course-libraries',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
};

async function newLibrary(who: Login = owner, bytes = deck): Promise<CreatedLibrary> {
  const response = await upload(who, 'fractions.pdf', bytes, { title: 'Fractions' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CreatedLibrary;
}

const call = (who: Login, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api/course-libraries${url}`,
    headers: who.headers,
    payload: payload as object,
  });

const SETTINGS = {
  title: 'Fractions',
  voice: 'nova',
  fallbackVoice: 'echo',
  avatarKind: 'none',
  avatarCorner: 'bottom-right',
  fontFamily: 'Lato',
  themeColor: 'blue',
};

const keyOf = (url: string) =>
  decodeURIComponent(new URL(url, 'http://x').pathname.replace('/api/files/', ''));
const storedCount = async (prefix: string) =>
  (
    await ctx.app.db
      .select()
      .from(storedFiles)
      .where(like(storedFiles.path, `${prefix}%`))
  ).length;

beforeAll(async () => {
  did = await startFakeDid(undefined, 1);
  ctx = await startTestApp({ ai: { elevenLabsApiBase: 'http://127.0.0.1:9', didApiBase: did.url } });
  institute = await buildAndLogin(ctx.app, { userType: 'institute' });
  owner = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
  stranger = await buildAndLogin(ctx.app, { userType: 'teacher' });
  deck = await pdfOf(PAGES);
});
afterAll(async () => {
  await ctx.close();
  await did.close();
});

describe('uploading a deck', () => {
  it('turns each page of a PDF into a segment whose narration is the page text, with served slides', async () => {
    const response = await upload(owner, 'Fractions basics.pdf', deck, { title: '  ' });
    expect(response.statusCode, response.body).toBe(201);
    const library = response.json() as LibraryDetail;
    expect(library.title).toBe('Fractions basics');
    expect(library.sourceName).toBe('Fractions basics.pdf');
    expect(library.status).toBe('draft');
    expect(library.segments.map((segment) => segment.description)).toEqual(PAGES);
    expect(library.segments.map((segment) => segment.page)).toEqual([1, 2, 3]);
    expect(library.segments.every((segment) => segment.changed)).toBe(true);
    expect(library.changedSegments).toBe(3);
    expect(library.estimate.credits).toBe(3);
    expect(library.playlistUrl).toBeNull();

    const slide = await ctx.app.inject({ method: 'GET', url: library.segments[0].slideUrl });
    expect(slide.statusCode).toBe(200);
    expect(slide.headers['content-type']).toBe('image/png');
    expect(keyOf(library.segments[0].slideUrl)).toMatch(
      new RegExp(`^libraries/${library.id}/slides/[0-9a-f-]+\\.png$`),
    );

    const list = await call(owner, 'GET', '');
    expect(list.statusCode).toBe(200);
    expect(list.json().libraries.some((one: { id: string }) => one.id === library.id)).toBe(true);
  });

  it('refuses a file that only claims to be a PDF, keeping nothing', async () => {
    const before = await storedCount('libraries/');
    const response = await upload(owner, 'x.pdf', Buffer.from('hello'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_PDF', message: LIBRARY_MSG.invalidPdf });
    expect(await storedCount('libraries/')).toBe(before);
  });

  it("refuses more pages than the plan's slide limit, and more segments when saving", async () => {
    const plan = await insertPlan(ctx.app, { audience: 'teacher', limits: { slidesPerLibrary: 2 } });
    const limited = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await putOnPlan(ctx.app, limited.user.id, plan.id);
    const refused = await upload(limited, 'deck.pdf', deck);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Slide limit exceeded');

    const library = await newLibrary(limited, await pdfOf(['One', 'Two']));
    expect(library.slideLimit).toBe(2);
    const segments = [
      ...library.segments.map(({ id, description }) => ({ id, description })),
      { description: 'Three' },
    ];
    const grown = await call(limited, 'PUT', `/${library.id}/segments`, { segments });
    expect(grown.statusCode).toBe(403);
    expect(grown.json().message).toBe('Slide limit exceeded');
  });

  it('refuses a plan without the course library module', async () => {
    const plan = await insertPlan(ctx.app, { audience: 'teacher', modules: { courseLibrary: 'NONE' } });
    const excluded = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await putOnPlan(ctx.app, excluded.user.id, plan.id);
    const response = await upload(excluded, 'deck.pdf', deck);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Your plan does not include Course library.');
  });

  it('refuses a new library on a plan that gives the course library PARTIAL, keeping the existing ones open', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const existing = await newLibrary(teacher);
    const plan = await insertPlan(ctx.app, { audience: 'teacher', modules: { courseLibrary: 'PARTIAL' } });
    await putOnPlan(ctx.app, teacher.user.id, plan.id);
    const refused = await upload(teacher, 'deck.pdf', deck, { title: 'More' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(moduleAddLockedMessage('courseLibrary'));
    const saved = await call(teacher, 'PUT', `/${existing.id}`, { ...SETTINGS, title: 'Fractions again' });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('who may open a library', () => {
  it("lets the owner's institute in and keeps other teachers out", async () => {
    const library = await newLibrary();
    expect((await call(institute, 'GET', `/${library.id}`)).statusCode).toBe(200);
    const byStranger = await call(stranger, 'GET', `/${library.id}`);
    expect(byStranger.statusCode).toBe(403);
    expect((await call(stranger, 'PUT', `/${library.id}`, SETTINGS)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', '')).json().libraries).toEqual([]);
    expect((await call(institute, 'GET', '')).json().libraries.length).toBeGreaterThan(0);
  });
});

describe('settings', () => {
  it('saves the look and names a missing voice or fallback voice', async () => {
    const library = await newLibrary();
    const saved = await call(owner, 'PUT', `/${library.id}`, {
      ...SETTINGS,
      title: 'Fractions 2',
      themeColor: 'green',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Fractions 2', voice: 'nova', themeColor: 'green' });

    const noVoice = await call(owner, 'PUT', `/${library.id}`, { ...SETTINGS, voice: '' });
    expect(noVoice.statusCode).toBe(400);
    expect(noVoice.json().fields.voice).toBe(LIBRARY_MSG.voice);
    const noFallback = await call(owner, 'PUT', `/${library.id}`, { ...SETTINGS, fallbackVoice: 'robot' });
    expect(noFallback.statusCode).toBe(400);
    expect(noFallback.json().fields.fallbackVoice).toBe(LIBRARY_MSG.fallbackVoice);
    expect((await call(owner, 'GET', `/${library.id}`)).json().title).toBe('Fractions 2');
  });
  it('narrates a Hindi deck in Hindi: the language from its script, changed by the teacher, refused when unknown', async () => {
    const hindi = readFileSync(fromProjectRoot('server/test/fixtures/hindi-deck/solar-system-hi.pdf'));
    const library = await newLibrary(owner, hindi);
    expect(library.language).toBe('hi');
    // Every slide's text was read: no notice.
    expect(library.notice).toBeNull();
    expect(library.segments[1].description).toContain('सूर्य एक तारा है');
    expect((await newLibrary()).language).toBe('en');

    const marathi = await call(owner, 'PUT', `/${library.id}`, { ...SETTINGS, language: 'mr' });
    expect(marathi.statusCode, marathi.body).toBe(200);
    expect(marathi.json().language).toBe('mr');
    // Absent: the stored language stays.
    expect((await call(owner, 'PUT', `/${library.id}`, SETTINGS)).json().language).toBe('mr');
    const unknown = await call(owner, 'PUT', `/${library.id}`, { ...SETTINGS, language: 'xx' });
    expect(unknown.statusCode).toBe(400);
    expect((await call(owner, 'GET', `/${library.id}`)).json().language).toBe('mr');

    // A narration in a script no local voice speaks is refused before anything is generated.
    await ctx.app.db
      .update(librarySegments)
      .set({ description: 'ସୂର୍ଯ୍ୟ ଏକ ତାରା' })
      .where(eq(librarySegments.id, library.segments[2].id));
    const unspoken = await call(owner, 'POST', `/${library.id}/generate`);
    expect(unspoken.statusCode).toBe(400);
    expect(unspoken.json().message).toBe(
      "Slide 3's narration is written in a language none of this server's voices speaks. Please write it in the course's language.",
    );
    expect((await call(owner, 'GET', `/${library.id}`)).json().status).toBe('draft');
  });

  it('names the slides whose text the PDF does not carry as letters, and says what to do', async () => {
    // A font that maps its glyphs to private-use code points, as decks with unmapped fonts arrive.
    const pdf = await writePdf({ size: [960, 540], margin: 0 }, (doc) => {
      doc.registerFont('Sans', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf');
      doc.font('Sans').fontSize(36).text('Fractions', 50, 50);
      doc.fontSize(20).text('Fractions are parts of a whole.', 50, 150);
      doc.addPage({ size: [960, 540], margin: 0 });
      doc.font('Sans').fontSize(36).text('\uE010\uE011\uE012 \uE013\uE014', 50, 50);
      doc.fontSize(20).text('\uE020\uE021\uE022\uE023 \uE024\uE025\uE026 \uE027\uE028', 50, 150);
    });
    const response = await upload(owner, 'unmapped.pdf', pdf, { title: 'Unmapped' });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created.notice).toBe(unreadableSlidesMessage([2]));
    expect(created.notice).toContain('slide 2 could not be read');
    expect(created.segments.map((segment: { description: string }) => segment.description)).toEqual([
      'Fractions are parts of a whole.',
      '',
    ]);
    expect((await newLibrary()).notice).toBeNull();
  });

  it('saves the look of a new library before its voices are chosen, and asks for them at Generate', async () => {
    const library = await newLibrary();
    const { voice: _voice, fallbackVoice: _fallback, ...look } = SETTINGS;
    const saved = await call(owner, 'PUT', `/${library.id}`, {
      ...look,
      title: 'भिन्न — Fractions',
      themeColor: 'green',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      title: 'भिन्न — Fractions',
      themeColor: 'green',
      voice: null,
      fallbackVoice: null,
    });
    // The wizard sends the voices it has: null while none is chosen.
    const avatar = await call(owner, 'PUT', `/${library.id}`, {
      ...look,
      avatarKind: 'static',
      voice: null,
      fallbackVoice: null,
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    expect(avatar.json()).toMatchObject({ avatarKind: 'static', voice: null });
    const generate = await call(owner, 'POST', `/${library.id}/generate`);
    expect(generate.statusCode).toBe(400);
    expect(generate.json().message).toBe(LIBRARY_MSG.voice);

    // A chosen voice stays when a later save leaves it unset.
    expect((await call(owner, 'PUT', `/${library.id}`, SETTINGS)).statusCode).toBe(200);
    const kept = await call(owner, 'PUT', `/${library.id}`, { ...look, voice: null, fontFamily: 'Roboto' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ voice: 'nova', fallbackVoice: 'echo', fontFamily: 'Roboto' });
  });
});

describe('segments', () => {
  it('edits, reorders, adds (copied and blank slides) and deletes as one list', async () => {
    const library = await newLibrary();
    const [first, second, third] = library.segments;
    const response = await call(owner, 'PUT', `/${library.id}/segments`, {
      segments: [
        { id: third.id, description: 'Now first.' },
        { id: first.id, description: first.description },
        { description: 'A copy of the first slide.', copySlideOf: first.id },
        { description: 'On a blank slide.' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as LibraryDetail;
    expect(saved.segments.map((segment) => segment.description)).toEqual([
      'Now first.',
      first.description,
      'A copy of the first slide.',
      'On a blank slide.',
    ]);
    expect(saved.segments.map((segment) => segment.position)).toEqual([0, 1, 2, 3]);
    expect(saved.segments[0].id).toBe(third.id);
    expect(keyOf(saved.segments[2].slideUrl)).toBe(keyOf(first.slideUrl));
    expect(saved.segments[3].page).toBeNull();
    const blank = await ctx.app.inject({ method: 'GET', url: saved.segments[3].slideUrl });
    expect(blank.statusCode).toBe(200);
    expect(blank.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The deleted segment's slide is gone; the copied slide stays while a segment uses it.
    expect(await storedCount(keyOf(second.slideUrl))).toBe(0);
    expect(await storedCount(keyOf(first.slideUrl))).toBe(1);

    const withoutOriginal = await call(owner, 'PUT', `/${library.id}/segments`, {
      segments: saved.segments
        .filter((segment) => segment.id !== first.id)
        .map(({ id, description }) => ({ id, description })),
    });
    expect(withoutOriginal.statusCode).toBe(200);
    expect(await storedCount(keyOf(first.slideUrl))).toBe(1);
  });

  it('refuses an empty list and segments of another library, changing nothing', async () => {
    const library = await newLibrary();
    const other = await newLibrary();
    const empty = await call(owner, 'PUT', `/${library.id}/segments`, { segments: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('You cannot delete all segments');
    const foreign = await call(owner, 'PUT', `/${library.id}/segments`, {
      segments: [{ id: other.segments[0].id, description: 'Mine now?' }],
    });
    expect(foreign.statusCode).toBe(400);
    const after = (await call(owner, 'GET', `/${library.id}`)).json() as LibraryDetail;
    expect(after.segments.map((segment) => segment.id)).toEqual(
      library.segments.map((segment) => segment.id),
    );
  });
});

describe('narration sample', () => {
  it('speaks the text in the chosen voice as WAV audio', async () => {
    const library = await newLibrary();
    const response = await call(owner, 'POST', `/${library.id}/narration-sample`, {
      text: 'One half.',
      voice: 'onyx',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect((await call(stranger, 'POST', `/${library.id}/narration-sample`, { text: 'Hi' })).statusCode).toBe(
      403,
    );
  });
});

describe('generate refusals', () => {
  const setLook = (libraryId: string, avatarKind: string) =>
    call(owner, 'PUT', `/${libraryId}`, { ...SETTINGS, avatarKind });

  it('asks for the voices of a new library, which starts with none chosen', async () => {
    const library = await newLibrary();
    expect(library).toMatchObject({ voice: null, fallbackVoice: null });
    const noVoice = await call(owner, 'POST', `/${library.id}/generate`);
    expect(noVoice.statusCode).toBe(400);
    expect(noVoice.json().message).toBe(LIBRARY_MSG.voice);
    expect((await call(owner, 'PUT', `/${library.id}`, SETTINGS)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/${library.id}`)).json()).toMatchObject({
      voice: SETTINGS.voice,
      fallbackVoice: SETTINGS.fallbackVoice,
    });
  });

  it('asks for an image for a static avatar and a narration for every slide', async () => {
    const library = await newLibrary();
    await setLook(library.id, 'static');
    const noImage = await call(owner, 'POST', `/${library.id}/generate`);
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().message).toBe(LIBRARY_MSG.staticAvatar);

    await ctx.app.db
      .update(librarySegments)
      .set({ description: '' })
      .where(eq(librarySegments.id, library.segments[1].id));
    const silent = await call(owner, 'POST', `/${library.id}/generate`);
    expect(silent.statusCode).toBe(400);
    expect(silent.json().message).toBe('Please add a narration to slide 2.');
  });

  it("needs the owner's D-ID key and enough D-ID credits for the segments to render", async () => {
    const library = await newLibrary();
    await setLook(library.id, 'd_id');
    const image = multipart('face.png', 'image/png', tinyPng());
    const stored = await ctx.app.inject({
      method: 'POST',
      url: `/api/course-libraries/${library.id}/avatar-image`,
      headers: { ...owner.headers, ...image.headers },
      payload: image.payload,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().avatarImageUrl).toMatch(/\.png\?/);

    const noKey = await call(owner, 'POST', `/${library.id}/generate`);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe(LIBRARY_MSG.noDidKey);

    await ctx.app.db.insert(integrationKeys).values({
      userId: owner.user.id,
      keyName: 'didApiKey',
      encrypted: encryptSecret(ctx.config.jwtSecret, owner.user.id, 'didApiKey', did.apiKey),
      lastFour: did.apiKey.slice(-4),
    });
    // Three segments need three credits; the key has one left.
    const poor = await call(owner, 'POST', `/${library.id}/generate`);
    expect(poor.statusCode).toBe(402);
    expect(poor.json().message).toBe(LIBRARY_MSG.didCredits);
  });

  it('refuses changes and a second generation while one is running', async () => {
    const library = await newLibrary();
    await ctx.app.db
      .update(courseLibraries)
      .set({ status: 'generating' })
      .where(eq(courseLibraries.id, library.id));
    for (const response of [
      await call(owner, 'POST', `/${library.id}/generate`),
      await call(owner, 'PUT', `/${library.id}`, SETTINGS),
      await call(owner, 'PUT', `/${library.id}/segments`, { segments: [{ description: 'x' }] }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(LIBRARY_MSG.busy);
    }
  });
});

describe('finished video and deleting', () => {
  it('lists only libraries with a finished video as ready, and has no playlist before one', async () => {
    const library = await newLibrary();
    expect((await call(owner, 'GET', `/${library.id}/hls/index.m3u8`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/ready')).json().libraries).toEqual([]);
    await ctx.app.db
      .update(courseLibraries)
      .set({
        status: 'ready',
        videoPath: `libraries/${library.id}/lesson/video.mp4`,
        hlsPath: `libraries/${library.id}/lesson/hls/index.m3u8`,
        durationSeconds: 12.5,
        cues: [],
      })
      .where(eq(courseLibraries.id, library.id));
    const ready = (await call(institute, 'GET', '/ready')).json().libraries;
    expect(ready).toEqual([expect.objectContaining({ id: library.id, durationSeconds: 12.5 })]);
    expect((await call(stranger, 'GET', '/ready')).json().libraries).toEqual([]);
  });

  it('deletes the library with its slides', async () => {
    const library = await newLibrary();
    expect(await storedCount(`libraries/${library.id}/`)).toBe(3);
    expect((await call(stranger, 'DELETE', `/${library.id}`)).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `/${library.id}`)).statusCode).toBe(204);
    expect(await storedCount(`libraries/${library.id}/`)).toBe(0);
    expect((await call(owner, 'GET', `/${library.id}`)).statusCode).toBe(404);
  });
});

describe("the library's errors in Hindi (decision 070)", () => {
  it('names the slide without a narration in the account language, the English word for word', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const library = await newLibrary(teacher);
    await ctx.app.db
      .update(librarySegments)
      .set({ description: '' })
      .where(eq(librarySegments.id, library.segments[1].id));

    await chooseLocale(ctx.app, teacher.headers, 'hi');
    const hindi = await call(teacher, 'POST', `/${library.id}/generate`);
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().message).toBe('कृपया स्लाइड 2 का वर्णन जोड़ें।');
    const twice = await call(teacher, 'PUT', `/${library.id}/segments`, {
      segments: [library.segments[0], library.segments[0]].map(({ id, description }) => ({
        id,
        description,
      })),
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('एक सेगमेंट दो बार दिया गया है');

    await chooseLocale(ctx.app, teacher.headers, 'en');
    const english = await call(teacher, 'POST', `/${library.id}/generate`);
    expect(english.json().message).toBe('Please add a narration to slide 2.');
  });
});
