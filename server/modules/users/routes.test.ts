import { createCanvas, loadImage } from '@napi-rs/canvas';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONTS } from '../../../common/fonts';
import { MSG } from '../../../common/messages';
import { THEME_COLORS } from '../../../common/theme-colors';
import { storedFiles, users } from '../../db/schema/index';
import hiUsers from '../../i18n/hi/users.json';
import { signFileUrl } from '../../providers/storage/storage';
import { buildAndLogin, buildUser, chooseLocale, login } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart, tinyPng } from '../../test/uploads';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const putInfo = (headers: Headers, userId: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: `/api/common/user-info/${userId}`, payload, headers });

/** A valid 1×1 RGBA PNG, built chunk by chunk. */
function upload(headers: Headers, userId: string, kind: string, file: ReturnType<typeof multipart>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/common/user-info/${userId}/image?kind=${kind}`,
    payload: file.payload,
    headers: { ...headers, ...file.headers },
  });
}

/** The pictures' URLs; without a version, the pictures as uploaded. */
const logoPath = (headers: Headers, userId: string, version?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/common/user-info/logo-path?userId=${userId}${version ? `&version=${version}` : ''}`,
    headers,
  });

/** A PNG of the given size, drawn: a real picture for the resizer. */
function pngOf(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#2b6cb0';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#ffffff';
  context.fillRect(width / 4, height / 4, width / 2, height / 2);
  return canvas.toBuffer('image/png');
}

/** Width and height of a stored picture, read by decoding it. */
async function sizeOf(url: string): Promise<{ width: number; height: number; type: string }> {
  const file = await ctx.app.inject({ method: 'GET', url });
  expect(file.statusCode).toBe(200);
  const image = await loadImage(file.rawPayload);
  return { width: image.width, height: image.height, type: String(file.headers['content-type']) };
}

describe('PUT /api/common/user-info/{userId}', () => {
  it('saves the dark theme and returns it on the next login', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'student' });
    const response = await putInfo(headers, user.id, { isDarkTheme: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().userObj).toMatchObject({ userId: user.id, isDarkTheme: true });
    const next = await login(ctx.app, user.email);
    expect(next.userObj.isDarkTheme).toBe(true);
    await putInfo(headers, user.id, { isDarkTheme: false });
    expect((await login(ctx.app, user.email)).userObj.isDarkTheme).toBe(false);
  });

  it('accepts every theme colour and font of the lists and nothing else', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    expect(THEME_COLORS).toHaveLength(11);
    for (const { key } of THEME_COLORS) {
      const response = await putInfo(headers, user.id, { themeColor: key });
      expect(response.statusCode).toBe(200);
      expect(response.json().userObj.themeColor).toBe(key);
    }
    for (const font of FONTS) {
      const response = await putInfo(headers, user.id, { font });
      expect(response.statusCode).toBe(200);
      expect(response.json().userObj.font).toBe(font);
    }
    for (const [field, value] of [
      ['themeColor', 'black'],
      ['themeColor', '#ff0000'],
      ['font', 'Comic Sans MS'],
      ['font', 'lato'],
    ] as const) {
      const response = await putInfo(headers, user.id, { [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ [field]: MSG.selectOption });
    }
    const stored = await ctx.app.db.query.users.findFirst({ where: eq(users.id, user.id) });
    expect(stored).toMatchObject({ themeColor: THEME_COLORS.at(-1)?.key, font: FONTS.at(-1) });
  });

  it('validates the full name and trims it', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'student' });
    const spaces = await putInfo(headers, user.id, { fullName: '    ' });
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json().fields).toEqual({ fullName: MSG.onlySpace });
    const empty = await putInfo(headers, user.id, { fullName: '' });
    expect(empty.json().fields).toEqual({ fullName: MSG.required });
    const ok = await putInfo(headers, user.id, { fullName: '  New Name  ' });
    expect(ok.json().userObj.fullName).toBe('New Name');
  });

  it('answers 200, not 500, for a body with nothing to change, and ignores fields it does not own', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'student' });
    const noBody = await ctx.app.inject({ method: 'PUT', url: `/api/common/user-info/${user.id}`, headers });
    expect(noBody.statusCode).toBe(400);
    const empty = await putInfo(headers, user.id, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().userObj.userId).toBe(user.id);
    const sneaky = await putInfo(headers, user.id, { userType: 'admin', isActive: false, email: 'x@y.test' });
    expect(sneaky.statusCode).toBe(200);
    const stored = await ctx.app.db.query.users.findFirst({ where: eq(users.id, user.id) });
    expect(stored).toMatchObject({ userType: 'student', isActive: true, email: user.email });
  });

  it("refuses another user's profile, but lets an admin edit it", async () => {
    const owner = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const stranger = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const refused = await putInfo(stranger.headers, owner.user.id, { isDarkTheme: true });
    expect(refused.statusCode).toBe(403);
    const byAdmin = await putInfo(admin.headers, owner.user.id, { fullName: 'Renamed By Admin' });
    expect(byAdmin.statusCode).toBe(200);
    const stored = await ctx.app.db.query.users.findFirst({ where: eq(users.id, owner.user.id) });
    expect(stored).toMatchObject({ fullName: 'Renamed By Admin', isDarkTheme: false });
    const unknown = await putInfo(admin.headers, '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f', {
      isDarkTheme: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await putInfo(admin.headers, 'not-a-uuid', { isDarkTheme: true })).statusCode).toBe(400);
  });
});

describe('picture sizes', () => {
  it('makes a tiny and a medium copy on upload and serves the size asked for, the original without one', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'institute' });
    const logo = pngOf(1200, 600);
    expect(
      (await upload(headers, user.id, 'brandLogo', multipart('logo.png', 'image/png', logo))).statusCode,
    ).toBe(200);
    const photo = pngOf(800, 800);
    expect(
      (await upload(headers, user.id, 'profileImage', multipart('me.png', 'image/png', photo))).statusCode,
    ).toBe(200);

    const tiny = (await logoPath(headers, user.id, 'tiny')).json();
    expect(await sizeOf(tiny.profileImage)).toEqual({ width: 96, height: 96, type: 'image/webp' });
    const medium = (await logoPath(headers, user.id, 'medium')).json();
    expect(await sizeOf(medium.brandLogo)).toEqual({ width: 320, height: 160, type: 'image/webp' });
    const original = (await logoPath(headers, user.id)).json();
    expect(await sizeOf(original.brandLogo)).toEqual({ width: 1200, height: 600, type: 'image/png' });
    // Smaller on the wire: the point of it.
    const bytes = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).rawPayload.length;
    expect(await bytes(medium.brandLogo)).toBeLessThan((await bytes(original.brandLogo)) / 2);

    expect((await logoPath(headers, user.id, 'huge')).statusCode).toBe(400);
  });

  it('never enlarges a small picture, and removes the copies with the picture they belong to', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await upload(headers, user.id, 'profileImage', multipart('small.png', 'image/png', pngOf(40, 30)));
    const first = (await logoPath(headers, user.id, 'medium')).json().profileImage;
    expect(await sizeOf(first)).toEqual({ width: 40, height: 30, type: 'image/webp' });

    await upload(headers, user.id, 'profileImage', multipart('next.png', 'image/png', pngOf(300, 300)));
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const rows = await ctx.app.db.select().from(storedFiles).where(eq(storedFiles.ownerId, user.id));
    // The new picture and its two copies; nothing left of the first.
    expect(rows.map((row) => row.path.replace(/^.*\//, '').replace(/^[\w-]{36}/, 'ID')).sort()).toEqual([
      'ID-medium.webp',
      'ID-tiny.webp',
      'ID.png',
    ]);
  });

  it('serves the picture itself when it has no copies (uploaded before sizes were made)', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await upload(headers, user.id, 'profileImage', multipart('me.png', 'image/png', pngOf(200, 200)));
    await ctx.app.db.delete(storedFiles).where(like(storedFiles.path, `users/${user.id}/%-tiny.webp`));
    const url = (await logoPath(headers, user.id, 'tiny')).json().profileImage;
    expect(await sizeOf(url)).toEqual({ width: 200, height: 200, type: 'image/png' });
  });
});

describe('profile images and signed file URLs', () => {
  it('stores a real PNG and serves the same bytes through the signed URL', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const png = tinyPng();
    const response = await upload(headers, user.id, 'profileImage', multipart('me.png', 'image/png', png));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().userObj.hasProfileImage).toBe(true);

    const paths = await logoPath(headers, user.id);
    expect(paths.statusCode).toBe(200);
    const { profileImage, brandLogo } = paths.json();
    expect(brandLogo).toBeNull();
    expect(profileImage).toMatch(/^\/api\/files\/users\/[\w-]+\/[\w-]+\.png\?expires=\d+&signature=[\w-]+$/);

    const file = await ctx.app.inject({ method: 'GET', url: profileImage });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.rawPayload, png)).toBe(0);
  });

  it('replaces an image (the old link stops working), takes 2 MB and refuses over 5 MB', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await upload(headers, user.id, 'profileImage', multipart('a.png', 'image/png', tinyPng()));
    const oldUrl = (await logoPath(headers, user.id)).json().profileImage;
    const big = Buffer.concat([tinyPng(), Buffer.alloc(2 * 1024 * 1024)]);
    expect(
      (await upload(headers, user.id, 'profileImage', multipart('b.png', 'image/png', big))).statusCode,
    ).toBe(200);
    const newUrl = (await logoPath(headers, user.id)).json().profileImage;
    expect(newUrl).not.toBe(oldUrl);
    expect((await ctx.app.inject({ method: 'GET', url: oldUrl })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: newUrl })).rawPayload.length).toBe(big.length);
    // The replaced file's record is gone too, so no fresh link to it can be handed out.
    const oldKey = new URL(oldUrl, 'http://x').pathname.replace('/api/files/', '');
    const presigned = await ctx.app.inject({
      method: 'GET',
      url: `/api/common/presigned-data?path=${encodeURIComponent(oldKey)}`,
      headers,
    });
    expect(presigned.statusCode).toBe(404);

    const huge = Buffer.concat([tinyPng(), Buffer.alloc(6 * 1024 * 1024)]);
    const refused = await upload(headers, user.id, 'profileImage', multipart('c.png', 'image/png', huge));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect((await logoPath(headers, user.id)).json().profileImage.split('?')[0]).toBe(newUrl.split('?')[0]);
  });

  it('sniffs the content: a renamed text file is INVALID_FILE, a fake PDF is INVALID_PDF', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const text = Buffer.from('just some words, certainly not an image\n'.repeat(5));
    const renamed = await upload(headers, user.id, 'profileImage', multipart('photo.png', 'image/png', text));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().code).toBe('INVALID_FILE');
    const fakePdf = await upload(
      headers,
      user.id,
      'brandLogo',
      multipart('doc.pdf', 'application/pdf', text),
    );
    expect(fakePdf.statusCode).toBe(400);
    expect(fakePdf.json().code).toBe('INVALID_PDF');
    const realPdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const pdfAsImage = await upload(
      headers,
      user.id,
      'brandLogo',
      multipart('doc.pdf', 'application/pdf', realPdf),
    );
    expect(pdfAsImage.statusCode).toBe(400);
    expect(pdfAsImage.json().code).toBe('INVALID_FILE');
    const stored = await ctx.app.db.query.users.findFirst({ where: eq(users.id, user.id) });
    expect(stored).toMatchObject({ profileImagePath: null, brandLogoPath: null });
  });

  it('refuses a brand logo for a student, an unknown kind, a missing file and another user', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const png = () => multipart('a.png', 'image/png', tinyPng());
    expect((await upload(student.headers, student.user.id, 'brandLogo', png())).statusCode).toBe(400);
    expect((await upload(student.headers, student.user.id, 'banner', png())).statusCode).toBe(400);
    const other = await buildUser(ctx.app, { userType: 'student' });
    expect((await upload(student.headers, other.id, 'profileImage', png())).statusCode).toBe(403);
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: `/api/common/user-info/${student.user.id}/image?kind=profileImage`,
      payload: { file: 'x' },
      headers: student.headers,
    });
    // 415 with the same code and wording as the other upload routes (it was @fastify/multipart's bare 406).
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Please send the file as multipart/form-data.',
    });
    const boundary = 'onlyAField';
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: `/api/common/user-info/${student.user.id}/image?kind=profileImage`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      headers: { ...student.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please choose an image to upload');
  });

  it("refuses in the caller's language: Hindi once chosen, the exact English before (decision 070)", async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const png = () => multipart('a.png', 'image/png', tinyPng());
    const english = await upload(student.headers, student.user.id, 'brandLogo', png());
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe('Only teachers and institutes have a brand logo');
    await chooseLocale(ctx.app, student.headers, 'hi');
    const hindi = await upload(student.headers, student.user.id, 'brandLogo', png());
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().message).toBe(hiUsers['server.users.brandLogoOnly']);
  });

  it('refuses a tampered signature and an expired link', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'institute' });
    await upload(headers, user.id, 'brandLogo', multipart('logo.png', 'image/png', tinyPng()));
    const { brandLogo } = (await logoPath(headers, user.id)).json();
    const url = new URL(brandLogo, 'http://x');
    const key = url.pathname.replace('/api/files/', '');
    const signature = url.searchParams.get('signature') ?? '';
    const expires = Number(url.searchParams.get('expires'));

    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const query of [
      `expires=${expires}&signature=${flipped}`,
      `expires=${expires + 3600}&signature=${signature}`,
      `expires=${expires}&signature=`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/files/${key}?${query}` });
      expect(response.statusCode).toBe(403);
    }
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${key}?expires=${past}&signature=${signFileUrl(ctx.config.jwtSecret, key, past)}`,
    });
    expect(expired.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/files/${key}` })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: brandLogo })).statusCode).toBe(200);
  });

  it('shows logos to the owner, admins and the same institute, not to strangers', async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const faculty = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const colleague = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const stranger = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    await upload(faculty.headers, faculty.user.id, 'brandLogo', multipart('l.png', 'image/png', tinyPng()));

    for (const viewer of [faculty, institute, colleague, admin]) {
      const response = await logoPath(viewer.headers, faculty.user.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().brandLogo).toMatch(/^\/api\/files\//);
    }
    expect((await logoPath(faculty.headers, institute.user.id)).statusCode).toBe(200);
    expect((await logoPath(stranger.headers, faculty.user.id)).statusCode).toBe(403);
    expect((await logoPath(stranger.headers, institute.user.id)).statusCode).toBe(403);
    expect((await logoPath(faculty.headers, stranger.user.id)).statusCode).toBe(403);
  });
});
