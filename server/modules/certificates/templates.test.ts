import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi } from '../../test/live-courses';
import { popplerText } from '../../test/pdf-text';
import { tinyPng } from '../../test/uploads';
import { DEFAULT_TEMPLATE } from './pdf';

let ctx: TestContext;
type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let teacher: Session;
let stranger: Session;
let institute: Session;
let faculty: Session;
let courseId = '';

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });

const design = (patch: Partial<typeof DEFAULT_TEMPLATE> = {}) => ({ ...DEFAULT_TEMPLATE, ...patch });

function picture(headers: Headers, url: string, bytes: Buffer, name = 'logo.png') {
  const boundary = '----gurukul-certificate-picture';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

beforeAll(async () => {
  ctx = await startTestApp();
  teacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Meera Iyer' });
  stranger = await buildAndLogin(ctx.app, { userType: 'teacher' });
  institute = await buildAndLogin(ctx.app, { userType: 'institute', fullName: 'Sunrise Academy' });
  faculty = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
  courseId = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Fractions' });
});
afterAll(async () => ctx?.close());

describe('certificate designs', () => {
  it('starts from the default, and the nearest design wins: course, then teacher', async () => {
    const first = (
      await call('GET', `/api/certificates/template?courseId=${courseId}`, teacher.headers)
    ).json();
    expect(first).toEqual({ template: DEFAULT_TEMPLATE, own: false, source: 'default' });
    const own = await call(
      'PUT',
      '/api/certificates/template',
      teacher.headers,
      design({ primaryColor: '#112233' }),
    );
    expect(own.statusCode).toBe(200);
    const inherited = (
      await call('GET', `/api/certificates/template?courseId=${courseId}`, teacher.headers)
    ).json();
    expect(inherited).toMatchObject({ own: false, source: 'teacher', template: { primaryColor: '#112233' } });
    await call(
      'PUT',
      `/api/certificates/template?courseId=${courseId}`,
      teacher.headers,
      design({ primaryColor: '#445566' }),
    );
    const mine = (
      await call('GET', `/api/certificates/template?courseId=${courseId}`, teacher.headers)
    ).json();
    expect(mine).toMatchObject({ own: true, source: 'course', template: { primaryColor: '#445566' } });
    const removed = await call('DELETE', `/api/certificates/template?courseId=${courseId}`, teacher.headers);
    expect(removed.statusCode).toBe(200);
    const back = (
      await call('GET', `/api/certificates/template?courseId=${courseId}`, teacher.headers)
    ).json();
    expect(back.source).toBe('teacher');
  });

  it("gives an institute's design to its teachers', who may keep its logo in a design of their own", async () => {
    const logo = (await picture(institute.headers, '/api/certificates/template/pictures', tinyPng())).json()
      .path;
    await call(
      'PUT',
      '/api/certificates/template',
      institute.headers,
      design({ accentColor: '#aa5500', logoPath: logo }),
    );
    const seen = (await call('GET', '/api/certificates/template', faculty.headers)).json();
    expect(seen).toMatchObject({
      own: false,
      source: 'institute',
      template: { accentColor: '#aa5500', logoPath: logo },
    });
    const preview = await call('POST', '/api/certificates/template/preview', faculty.headers, seen.template);
    expect(preview.statusCode).toBe(200);
    const own = await call('PUT', '/api/certificates/template', faculty.headers, {
      ...seen.template,
      title: 'Mine',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().template).toMatchObject({ title: 'Mine', logoPath: logo });
  });

  it('refuses bad colours and another author’s course', async () => {
    const colour = await call(
      'PUT',
      '/api/certificates/template',
      teacher.headers,
      design({ primaryColor: 'red' }),
    );
    expect(colour.statusCode).toBe(400);
    expect(JSON.stringify(colour.json())).toContain('Colours must be written as #rrggbb');
    const foreign = await call(
      'PUT',
      `/api/certificates/template?courseId=${courseId}`,
      stranger.headers,
      design(),
    );
    expect(foreign.statusCode).toBe(403);
    expect(
      (await call('GET', `/api/certificates/template?courseId=${courseId}`, stranger.headers)).statusCode,
    ).toBe(403);
  });

  it('takes pictures checked by their bytes, and names only pictures uploaded for it', async () => {
    const upload = await picture(
      teacher.headers,
      `/api/certificates/template/pictures?courseId=${courseId}`,
      tinyPng(),
    );
    expect(upload.statusCode).toBe(200);
    const { path } = upload.json();
    expect(path).toMatch(new RegExp(`^certificate-pictures/${teacher.user.id}/`));
    const notPicture = await picture(
      teacher.headers,
      '/api/certificates/template/pictures',
      Buffer.from('%PDF-1.4 no'),
    );
    expect(notPicture.statusCode).toBe(400);
    const saved = await call(
      'PUT',
      `/api/certificates/template?courseId=${courseId}`,
      teacher.headers,
      design({ logoPath: path }),
    );
    expect(saved.statusCode).toBe(200);
    // Another account's picture, or any other stored file, is refused.
    const theirs = await picture(stranger.headers, '/api/certificates/template/pictures', tinyPng());
    for (const other of [
      theirs.json().path,
      'courses/x/secret.pdf',
      `certificate-pictures/${teacher.user.id}/../x.png`,
    ]) {
      const refused = await call(
        'PUT',
        '/api/certificates/template',
        teacher.headers,
        design({ signaturePath: other }),
      );
      expect(refused.statusCode, other).toBe(400);
      expect(refused.json().message).toBe('That picture was not uploaded for this template');
    }
  });

  it('previews the certificate as a learner gets it, with the author’s wording filled in', async () => {
    const preview = await call(
      'POST',
      `/api/certificates/template/preview?courseId=${courseId}`,
      teacher.headers,
      design({ title: 'Award of {course}', body: 'Given to {name} by {issuer}; {oops} stays as written.' }),
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const text = popplerText(preview.rawPayload);
    expect(text).toContain('Award of Fractions');
    expect(text).toContain("Your Student's Name");
    expect(text).toContain('{oops} stays as written.');
  });
});
