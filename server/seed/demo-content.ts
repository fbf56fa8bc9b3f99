import type { App } from '../http/app-type';
import { DEMO_PASSWORD } from './demo';
import { seedDemoBilling } from './demo-billing';
import { DEMO_DECKS } from './demo-deck';
import { seedDemoConversation, seedDemoGuru } from './demo-guru';
import { seedDemoInsights } from './demo-insights';
import { seedDeckLessons, waitForCourseVideos } from './demo-library';
import { makeStudyPdf } from './demo-media';
import { seedDemoMeetings } from './demo-meetings';
import { seedDemoPaidLessons, seedDemoPartners } from './demo-partners';
import { seedDemoPeople } from './demo-people';
import { seedDemoAttempts, seedDemoQuiz } from './demo-quiz';
import { seedDemoSupport } from './demo-support';

type Json = Record<string, unknown>;

export const DEMO_COURSE_TITLE = 'Foundations of Geometry';

/** multipart/form-data with one file, built by hand so the seed goes through the real upload routes. */
function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----gurukul-seed-${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The demo course of README.md, made through the app's own API so it is exactly what a teacher would
 * produce: an approved course of teacher@ whose lessons and preview are generated from drawn decks by the
 * course library (narration, captions), with FAQ, a study PDF and a quiz tied to the lessons' moments, and
 * student@ subscribed to it. Runs once, right after the demo accounts are created.
 */
export async function seedDemoContent(app: App, log: (line: string) => void = () => {}): Promise<void> {
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | null,
    extra: Json = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...((extra.headers as Json) ?? {}),
      } as Record<string, string>,
      ...(extra.payload !== undefined ? { payload: extra.payload as string } : {}),
    });
    if (response.statusCode >= 400)
      throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
    return response.json() as Json;
  };
  const login = async (email: string) =>
    (await call('POST', '/api/auth/login', null, { payload: { email, password: DEMO_PASSWORD } }))
      .jwtToken as string;

  const teacher = await login('teacher@gurukul.test');
  const admin = await login('admin@gurukul.test');
  const student = await login('student@gurukul.test');

  const course = await call('POST', '/api/courses', teacher, {
    payload: {
      title: DEMO_COURSE_TITLE,
      description:
        'Points and lines, angles, triangles, polygons, circles, perimeter and area: six short narrated lessons with captions, a quiz and a guru that answers your questions.',
      category: 'Mathematics',
      level: 'Beginner',
      language: 'English',
      price: 0,
      currency: 'INR',
      passingScore: 60,
    },
  });
  const courseId = course.id as string;

  // Six narrated lessons and the preview, each generated from a deck drawn for it by the course library.
  const lessons = await seedDeckLessons(call, teacher, courseId, DEMO_DECKS.foundations);
  await seedDeckLessons(call, teacher, courseId, [DEMO_DECKS.foundationsPreview], 'preview');
  log(`Made the demo lessons (${lessons.map((lesson) => lesson.title).join(', ')}).`);

  const faqs = [
    [
      'Do I need any prior knowledge?',
      'No. The course starts from points and lines and builds up step by step.',
    ],
    [
      'How long is the course?',
      'Six lessons of one to two minutes each, about ten minutes of video in all, and a quiz of six questions; most students finish in an afternoon.',
    ],
    [
      'Do the lessons have captions?',
      'Yes. Every lesson is narrated and captioned, and Geometry Guru points you to the moment of a lesson that answers your question.',
    ],
  ];
  for (const [question, answer] of faqs)
    await call('POST', `/api/courses/${courseId}/faqs`, teacher, { payload: { question, answer } });
  const pdf = makeStudyPdf('Geometry cheat sheet', [
    'A point has a position but no size.',
    'A line extends without end in both directions.',
    'A right angle is 90 degrees; a straight angle is 180 degrees.',
    'Angles in a triangle add up to 180 degrees.',
    'A quadrilateral has four sides; its angles add up to 360 degrees.',
    'A hexagon has six sides; an octagon has eight.',
    'Diameter = 2 x radius. Circumference = pi x diameter (pi is about 3.14).',
    'Area: rectangle = length x width; triangle = half x base x height; circle = pi x r x r.',
  ]);
  await call(
    'POST',
    `/api/courses/${courseId}/materials?title=${encodeURIComponent('Geometry cheat sheet')}`,
    teacher,
    {
      ...multipart('geometry-cheat-sheet.pdf', 'application/pdf', pdf),
    },
  );

  // The lessons are copied into the course in the background; the course is submitted once every one is ready.
  await waitForCourseVideos(call, teacher, courseId);
  const quizId = await seedDemoQuiz(call, teacher, courseId, lessons);
  await call('POST', `/api/courses/${courseId}/submit`, teacher);
  await call('POST', `/api/approvals/${courseId}/approve`, admin, {
    payload: { comment: 'Clear and well paced. Approved.' },
  });
  await call('POST', `/api/learning/courses/${courseId}/subscribe`, student);
  await seedDemoPaidLessons(app, call, { teacher, admin });
  const drawing = makeStudyPdf('My right angle', ['A right angle, marked with a small square: 90 degrees.']);
  await seedDemoAttempts(call, multipart, { student, teacher }, quizId, drawing);
  const guruId = await seedDemoGuru(
    app,
    call,
    teacher,
    courseId,
    lessons.map((lesson) => lesson.id),
  );
  await seedDemoConversation(app, call, { student, teacher }, guruId, courseId);
  await seedDemoInsights(app, { courseId, guruId });
  for (const token of [teacher, admin, student]) await call('POST', '/api/auth/logout', token);
  await seedDemoBilling(app);
  await seedDemoPeople(app);
  await seedDemoSupport(app);
  await seedDemoMeetings(app, courseId);
  await seedDemoPartners(app);
  log(
    'Demo course "Foundations of Geometry" is approved with six narrated lessons generated from course libraries, a preview and its quiz; student@ is subscribed, with one marked attempt and one waiting for marking; Geometry Guru is trained, with one conversation answered by the teacher; "Trigonometry Essentials" has two lessons.',
  );
}
