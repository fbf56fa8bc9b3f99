import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { UserType } from '../../../common/roles';
import { courseFaqs, courseMaterials, courseSubscriptions, courses } from '../../db/schema/index';
import { ENDED_MESSAGE } from '../../http/access';
import { createCourse, VALID_COURSE_INFO } from '../../test/courses';
import { type BuildUserOptions, buildAndLogin, buildUser } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const UNKNOWN_ID = '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f';

/** A word no other test uses, to find this test's courses by search. */
const tag = () => `tag${randomBytes(5).toString('hex')}`;

const api = {
  create: (headers: Headers, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/courses', payload, headers }),
  list: (headers: Headers, query: Record<string, string | number> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/courses?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      headers,
    }),
  get: (headers: Headers, id: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/courses/${id}`, headers }),
  put: (headers: Headers, id: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/courses/${id}`, payload, headers }),
  remove: (headers: Headers, id: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/courses/${id}`, headers }),
};

/** The titles a caller sees when searching for `word`. */
async function titlesFound(headers: Headers, query: Record<string, string | number>): Promise<string[]> {
  const response = await api.list(headers, { pageSize: 50, ...query });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().courses as { title: string }[]).map((course) => course.title).sort();
}

const author = (options: Partial<BuildUserOptions> = {}) =>
  buildAndLogin(ctx.app, { userType: 'teacher', ...options });

describe('POST /api/courses', () => {
  it('creates a draft owned by the caller and echoes the information', async () => {
    const { user, headers } = await author();
    const response = await api.create(headers, { ...VALID_COURSE_INFO, title: '  Algebra from scratch ' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      ...VALID_COURSE_INFO,
      ownerId: user.id,
      status: 'DRAFT',
      hasLiveVersion: false,
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.steps).toEqual({
      'course-information': true,
      'course-videos': false,
      quiz: false,
      faq: false,
      'study-material': false,
      'preview-videos': false,
      certificate: false,
    });
    expect(body).not.toHaveProperty('approvedSnapshot');
    expect(body).not.toHaveProperty('shareToken');

    const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, body.id));
    expect(row).toMatchObject({ ...VALID_COURSE_INFO, ownerId: user.id, approvalStatus: 'DRAFT' });
  });

  it('stores numeric strings as numbers, and a price with cents exactly', async () => {
    const { headers } = await author();
    const response = await api.create(headers, {
      ...VALID_COURSE_INFO,
      price: '10000000',
      passingScore: '10000',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ price: 10_000_000, passingScore: 10_000 });
    const cents = await api.create(headers, { ...VALID_COURSE_INFO, price: 19.99 });
    expect(cents.json().price).toBe(19.99);
    expect((await api.get(headers, cents.json().id)).json().price).toBe(19.99);
  });

  it('answers 400 with a message for each field', async () => {
    const { headers } = await author();
    const response = await api.create(headers, {
      title: '   ',
      description: '',
      level: 'Beginner',
      language: 'English',
      price: -1,
      currency: 'INR',
      passingScore: 5.5,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      fields: {
        title: MSG.onlySpace,
        description: MSG.required,
        category: MSG.selectOption,
        price: MSG.negative,
        passingScore: MSG.decimal,
      },
    });
  });

  it.each([
    [{ price: 10_000_000.01 }, 'price', MSG.max10Million],
    [{ price: 'abc' }, 'price', MSG.numberRange],
    [{ price: '' }, 'price', MSG.required],
    [{ passingScore: 10_001 }, 'passingScore', MSG.max10Thousand],
    [{ currency: 'XYZ' }, 'currency', MSG.selectOption],
    [{ title: 'x'.repeat(151) }, 'title', 'Please use at most 150 characters'],
  ])('%j → 400 on %s', async (patch, field, message) => {
    const { headers } = await author();
    const response = await api.create(headers, { ...VALID_COURSE_INFO, ...patch });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ [field]: message });
  });

  it('answers 400, never 500, to a missing, non-object or malformed body', async () => {
    const { headers } = await author();
    const none = await ctx.app.inject({ method: 'POST', url: '/api/courses', headers });
    expect(none.statusCode).toBe(400);
    const array = await ctx.app.inject({ method: 'POST', url: '/api/courses', payload: [1], headers });
    expect(array.statusCode).toBe(400);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/courses',
      payload: '{"title":',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('answers 400, never 500, to a NUL character in a text', async () => {
    const { headers } = await author();
    const response = await api.create(headers, { ...VALID_COURSE_INFO, title: 'Al\u0000gebra' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
  });
});

describe('GET /api/courses: who sees what', () => {
  it('shows a teacher only their own courses', async () => {
    const word = tag();
    const mine = await author();
    const other = await author();
    await createCourse(ctx.app, mine.headers, { title: `${word} mine` });
    await createCourse(ctx.app, other.headers, { title: `${word} other` });
    expect(await titlesFound(mine.headers, { search: word })).toEqual([`${word} mine`]);
    expect(await titlesFound(other.headers, { search: word })).toEqual([`${word} other`]);
  });

  it("shows an institute its own and its faculty's courses, not another teacher's", async () => {
    const word = tag();
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const faculty = await author({ instituteId: institute.user.id });
    const otherInstitute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const foreignFaculty = await author({ instituteId: otherInstitute.user.id });
    const independent = await author();
    await createCourse(ctx.app, institute.headers, { title: `${word} institute` });
    await createCourse(ctx.app, faculty.headers, { title: `${word} faculty` });
    await createCourse(ctx.app, foreignFaculty.headers, { title: `${word} foreign` });
    await createCourse(ctx.app, independent.headers, { title: `${word} independent` });

    expect(await titlesFound(institute.headers, { search: word })).toEqual([
      `${word} faculty`,
      `${word} institute`,
    ]);
    // A teacher of the institute still sees only their own work.
    expect(await titlesFound(faculty.headers, { search: word })).toEqual([`${word} faculty`]);
  });

  it('shows an admin every course, with the owner name', async () => {
    const word = tag();
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const teacher = await author({ fullName: 'Asha Rao' });
    await createCourse(ctx.app, institute.headers, { title: `${word} b` });
    await createCourse(ctx.app, teacher.headers, { title: `${word} a` });
    await createCourse(ctx.app, admin.headers, { title: `${word} c` });
    expect(await titlesFound(admin.headers, { search: word })).toEqual([
      `${word} a`,
      `${word} b`,
      `${word} c`,
    ]);
    const listed = (await api.list(admin.headers, { search: `${word} a` })).json().courses;
    expect(listed).toMatchObject([{ ownerName: 'Asha Rao', ownerId: teacher.user.id }]);
  });
});

describe('GET /api/courses: search, filters and pages', () => {
  it('searches titles case-insensitively', async () => {
    const word = tag();
    const { headers } = await author();
    await createCourse(ctx.app, headers, { title: `Organic CHEMISTRY ${word}` });
    await createCourse(ctx.app, headers, { title: `Physics ${word}` });
    expect(await titlesFound(headers, { search: `chemistry ${word}` })).toEqual([
      `Organic CHEMISTRY ${word}`,
    ]);
    expect(await titlesFound(headers, { search: 'organic chemistry' })).toEqual([
      `Organic CHEMISTRY ${word}`,
    ]);
    expect(await titlesFound(headers, { search: word.toUpperCase() })).toHaveLength(2);
    expect(await titlesFound(headers, { search: `  physics ${word}  ` })).toEqual([`Physics ${word}`]);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const { headers } = await author();
    await createCourse(ctx.app, headers, { title: 'Discounts 100% explained' });
    await createCourse(ctx.app, headers, { title: 'Snake_case naming' });
    await createCourse(ctx.app, headers, { title: 'Nothing special here' });
    expect(await titlesFound(headers, { search: '%' })).toEqual(['Discounts 100% explained']);
    expect(await titlesFound(headers, { search: '_' })).toEqual(['Snake_case naming']);
    expect(await titlesFound(headers, { search: '\\' })).toEqual([]);
  });

  it('answers 400, never 500, to a NUL character in a search', async () => {
    const { headers } = await author();
    const response = await api.list(headers, { search: 'a\u0000b' });
    expect(response.statusCode).toBe(400);
  });

  it('filters by status', async () => {
    const word = tag();
    const { headers } = await author();
    const draft = await createCourse(ctx.app, headers, { title: `${word} draft` });
    const pending = await createCourse(ctx.app, headers, { title: `${word} pending` });
    await ctx.app.db.update(courses).set({ approvalStatus: 'PENDING' }).where(eq(courses.id, pending));
    expect(await titlesFound(headers, { search: word, status: 'PENDING' })).toEqual([`${word} pending`]);
    expect(await titlesFound(headers, { search: word, status: 'DRAFT' })).toEqual([`${word} draft`]);
    expect(await titlesFound(headers, { search: word, status: 'APPROVED' })).toEqual([]);
    const listed = (await api.list(headers, { search: word })).json().courses as {
      id: string;
      status: string;
    }[];
    expect(Object.fromEntries(listed.map((course) => [course.id, course.status]))).toEqual({
      [draft]: 'DRAFT',
      [pending]: 'PENDING',
    });
    expect((await api.list(headers, { status: 'LIVE' })).statusCode).toBe(400);
  });

  it('filters by FAQ and study material and reports the counts', async () => {
    const word = tag();
    const { headers } = await author();
    const withFaq = await createCourse(ctx.app, headers, { title: `${word} faq` });
    const withMaterial = await createCourse(ctx.app, headers, { title: `${word} material` });
    await createCourse(ctx.app, headers, { title: `${word} bare` });
    await ctx.app.db.insert(courseFaqs).values([
      { courseId: withFaq, question: 'Is it hard?', answer: 'No.' },
      { courseId: withFaq, question: 'How long?', answer: 'Two weeks.', position: 1 },
    ]);
    await ctx.app.db
      .insert(courseMaterials)
      .values({ courseId: withMaterial, title: 'Notes', filePath: 'materials/notes.pdf', sizeBytes: 1024 });

    expect(await titlesFound(headers, { search: word, filter: 'withFaq' })).toEqual([`${word} faq`]);
    expect(await titlesFound(headers, { search: word, filter: 'withoutFaq' })).toEqual([
      `${word} bare`,
      `${word} material`,
    ]);
    expect(await titlesFound(headers, { search: word, filter: 'withStudyMaterial' })).toEqual([
      `${word} material`,
    ]);
    expect(await titlesFound(headers, { search: word, filter: 'withoutStudyMaterial' })).toEqual([
      `${word} bare`,
      `${word} faq`,
    ]);
    expect(await titlesFound(headers, { search: word, filter: 'withQuiz' })).toEqual([]);
    expect(await titlesFound(headers, { search: word, filter: 'withoutQuiz' })).toHaveLength(3);
    expect((await api.list(headers, { filter: 'withCats' })).statusCode).toBe(400);

    const listed = (await api.list(headers, { search: `${word} faq` })).json().courses;
    expect(listed[0].counts).toEqual({ videos: 0, faqs: 2, materials: 0 });
    const steps = (await api.get(headers, withFaq)).json().steps;
    expect(steps).toMatchObject({ faq: true, 'study-material': false });
  });

  it('pages through the results with the total', async () => {
    const word = tag();
    const { headers } = await author();
    for (let i = 1; i <= 5; i += 1) await createCourse(ctx.app, headers, { title: `${word} ${i}` });

    const pages = [];
    for (const page of [1, 2, 3]) {
      const response = await api.list(headers, { search: word, page, pageSize: 2 });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ total: 5, page, pageSize: 2 });
      pages.push(body.courses.map((course: { title: string }) => course.title));
    }
    expect(pages.map((titles) => titles.length)).toEqual([2, 2, 1]);
    // Newest first, each course on exactly one page.
    expect(pages.flat()).toEqual([5, 4, 3, 2, 1].map((i) => `${word} ${i}`));

    const beyond = (await api.list(headers, { search: word, page: 4, pageSize: 2 })).json();
    expect(beyond).toMatchObject({ total: 5, page: 4, courses: [] });
    const far = await api.list(headers, { search: word, page: 1e15 });
    expect(far.statusCode, far.body).toBe(200);
    expect(far.json()).toMatchObject({ total: 5, courses: [] });
    const defaults = (await api.list(headers, { search: word })).json();
    expect(defaults).toMatchObject({ total: 5, page: 1, pageSize: 12 });
  });

  it.each<Record<string, string | number>>([
    { page: 0 },
    { page: -1 },
    { page: 'two' },
    { page: 1.5 },
    { pageSize: 51 },
    { pageSize: 0 },
    { page: '99999999999999999999' },
    { search: 'x'.repeat(101) },
  ])('answers 400, never 500, to %j', async (query) => {
    const { headers } = await author();
    const response = await api.list(headers, query);
    expect(response.statusCode, response.body).toBe(400);
  });
});

describe('GET, PUT and DELETE /api/courses/:courseId', () => {
  it('lets the owner read, edit and delete their course', async () => {
    const { headers } = await author();
    const id = await createCourse(ctx.app, headers);
    const read = await api.get(headers, id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, ...VALID_COURSE_INFO, status: 'DRAFT' });

    const edited = await api.put(headers, id, { ...VALID_COURSE_INFO, title: 'Algebra II', price: '0' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id, title: 'Algebra II', price: 0, status: 'DRAFT' });
    expect((await api.get(headers, id)).json().title).toBe('Algebra II');

    const removed = await api.remove(headers, id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await api.get(headers, id)).statusCode).toBe(404);
    expect(await ctx.app.db.select().from(courses).where(eq(courses.id, id))).toEqual([]);
  });

  it('validates an edit with the same messages as a creation', async () => {
    const { headers } = await author();
    const id = await createCourse(ctx.app, headers);
    const response = await api.put(headers, id, { ...VALID_COURSE_INFO, title: '', price: 12.345 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      title: MSG.required,
      price: 'Please use at most 2 decimal places',
    });
    expect((await api.get(headers, id)).json().title).toBe(VALID_COURSE_INFO.title);
  });

  it("refuses another teacher's course with 403 and changes nothing", async () => {
    const owner = await author();
    const intruder = await author();
    const id = await createCourse(ctx.app, owner.headers);
    expect((await api.get(intruder.headers, id)).statusCode).toBe(403);
    expect(
      (await api.put(intruder.headers, id, { ...VALID_COURSE_INFO, title: 'Mine now' })).statusCode,
    ).toBe(403);
    expect((await api.remove(intruder.headers, id)).statusCode).toBe(403);
    const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, id));
    expect(row.title).toBe(VALID_COURSE_INFO.title);
  });

  it("refuses an institute another institute's faculty course and a faculty teacher their institute's", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const faculty = await author({ instituteId: institute.user.id });
    const otherInstitute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const facultyCourse = await createCourse(ctx.app, faculty.headers);
    const instituteCourse = await createCourse(ctx.app, institute.headers);
    expect((await api.get(otherInstitute.headers, facultyCourse)).statusCode).toBe(403);
    expect((await api.get(faculty.headers, instituteCourse)).statusCode).toBe(403);
    expect((await api.put(faculty.headers, instituteCourse, VALID_COURSE_INFO)).statusCode).toBe(403);
  });

  it("lets the institute and an admin edit a faculty teacher's course", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const faculty = await author({ instituteId: institute.user.id });
    const id = await createCourse(ctx.app, faculty.headers);

    expect((await api.get(institute.headers, id)).statusCode).toBe(200);
    const byInstitute = await api.put(institute.headers, id, {
      ...VALID_COURSE_INFO,
      title: 'Edited by institute',
    });
    expect(byInstitute.statusCode, byInstitute.body).toBe(200);
    expect(byInstitute.json()).toMatchObject({ title: 'Edited by institute', ownerId: faculty.user.id });

    const byAdmin = await api.put(admin.headers, id, { ...VALID_COURSE_INFO, title: 'Edited by admin' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ title: 'Edited by admin', ownerId: faculty.user.id });
    expect((await api.get(faculty.headers, id)).json().title).toBe('Edited by admin');
  });

  it('answers 404 for an unknown id and 400 (not 500) for a malformed one', async () => {
    const { headers } = await author();
    expect((await api.get(headers, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await api.put(headers, UNKNOWN_ID, VALID_COURSE_INFO)).statusCode).toBe(404);
    expect((await api.remove(headers, UNKNOWN_ID)).statusCode).toBe(404);
    for (const bad of ['not-a-uuid', '123', `${UNKNOWN_ID}x`, "1' or '1'='1"]) {
      const id = encodeURIComponent(bad);
      for (const response of [
        await api.get(headers, id),
        await api.put(headers, id, VALID_COURSE_INFO),
        await api.remove(headers, id),
      ]) {
        expect(response.statusCode, `${bad}: ${response.body}`).toBe(400);
        expect(response.json().code).toBe('VALIDATION');
      }
    }
  });

  it('keeps a course that has a subscriber: 409 and still there', async () => {
    const { headers } = await author();
    const student = await buildUser(ctx.app, { userType: 'student' });
    const id = await createCourse(ctx.app, headers);
    await ctx.app.db.insert(courseSubscriptions).values({ courseId: id, userId: student.id });
    const response = await api.remove(headers, id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    expect(response.json().message).toContain('1 student is subscribed');
    expect((await api.get(headers, id)).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(courses).where(eq(courses.id, id))).toHaveLength(1);
  });
});

describe('who may use the course routes at all', () => {
  const everyRoute = (headers: Headers, id: string) => [
    api.list(headers),
    api.create(headers, VALID_COURSE_INFO),
    api.get(headers, id),
    api.put(headers, id, VALID_COURSE_INFO),
    api.remove(headers, id),
    ctx.app.inject({ method: 'POST', url: `/api/courses/${id}/submit`, headers }),
  ];

  it('refuses a teacher whose trial ended on every course route, even for their own course', async () => {
    const { user, headers } = await author({ plan: 'trial-ended' });
    const [own] = await ctx.app.db
      .insert(courses)
      .values({ ownerId: user.id, title: 'Before the trial ended' })
      .returning();
    for (const response of await Promise.all(everyRoute(headers, own.id))) {
      expect(response.statusCode, `${response.body}`).toBe(403);
      expect(response.json().message).toBe(ENDED_MESSAGE.trial.english);
    }
    const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, own.id));
    expect(row.title).toBe('Before the trial ended');
  });

  it.each<UserType>(['student', 'partner', 'developer'])('refuses a %s with 403', async (userType) => {
    const owner = await author();
    const id = await createCourse(ctx.app, owner.headers);
    const { headers } = await buildAndLogin(ctx.app, { userType });
    for (const response of await Promise.all(everyRoute(headers, id))) {
      expect(response.statusCode, response.body).toBe(403);
    }
    expect(await ctx.app.db.select().from(courses).where(eq(courses.id, id))).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    const response = await api.list({});
    expect(response.statusCode).toBe(401);
  });
});
