import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from '../http/app-type';
import { DEMO_PASSWORD } from './demo';
import { seedDemoBilling } from './demo-billing';
import { seedDemoConversation, seedDemoGuru } from './demo-guru';
import { seedDemoInsights } from './demo-insights';
import { seedDemoLibrary } from './demo-library';
import { makeSlideVideo, makeStudyPdf } from './demo-media';
import { seedDemoMeetings } from './demo-meetings';
import { seedDemoPartners } from './demo-partners';
import { seedDemoPeople } from './demo-people';
import { seedDemoAttempts, seedDemoQuiz } from './demo-quiz';
import { seedDemoSupport } from './demo-support';

type Json = Record<string, unknown>;

export const DEMO_COURSE_TITLE = 'Foundations of Geometry';

/** Captions of the three demo lessons (8 s each); Geometry Guru learns from them and cites their moments. */
const DEMO_CAPTIONS = [
  [
    'points-and-lines.vtt',
    'Lesson 1: Points and Lines.',
    'A point has a position but no size; a line goes on for ever.',
  ],
  [
    'angles.vtt',
    'Lesson 2: Angles.',
    'A right angle measures 90 degrees; a straight angle measures 180 degrees.',
  ],
  ['triangles.vtt', 'Lesson 3: Triangles.', 'The three angles of a triangle always add up to 180 degrees.'],
].map(([file, title, line]) => ({
  file,
  vtt: `WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n${title}\n\n00:00:04.000 --> 00:00:08.000\n${line}\n`,
}));

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
 * produce: an approved course of teacher@ with generated lesson videos, a preview, FAQ and a study PDF,
 * and student@ subscribed to it. Runs once, right after the demo accounts are created.
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
        'Points, lines, angles and triangles: the building blocks of geometry, with a short quiz after each lesson.',
      category: 'Mathematics',
      level: 'Beginner',
      language: 'English',
      price: 0,
      currency: 'INR',
      passingScore: 60,
    },
  });
  const courseId = course.id as string;

  const work = await mkdtemp(path.join(os.tmpdir(), 'gurukul-demo-'));
  try {
    const clips = [
      { kind: 'lesson', title: 'Points and Lines', subtitle: 'Lesson 1', color: '0x364fc7', seconds: 8 },
      { kind: 'lesson', title: 'Angles', subtitle: 'Lesson 2', color: '0x0b7285', seconds: 8 },
      { kind: 'lesson', title: 'Triangles', subtitle: 'Lesson 3', color: '0x5f3dc4', seconds: 8 },
      {
        kind: 'preview',
        title: 'Foundations of Geometry',
        subtitle: 'Course preview',
        color: '0x2b8a3e',
        seconds: 5,
      },
    ];
    for (const clip of clips) {
      const file = path.join(work, `${clip.title.replace(/\W+/g, '-')}-${clip.kind}.mp4`);
      await makeSlideVideo(file, clip);
      await call(
        'POST',
        `/api/courses/${courseId}/videos?kind=${clip.kind}&title=${encodeURIComponent(clip.title)}`,
        teacher,
        {
          ...multipart(path.basename(file), 'video/mp4', await readFile(file)),
        },
      );
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  const faqs = [
    [
      'Do I need any prior knowledge?',
      'No. The course starts from points and lines and builds up step by step.',
    ],
    ['How long is the course?', 'Three short lessons; most students finish in an afternoon.'],
  ];
  for (const [question, answer] of faqs)
    await call('POST', `/api/courses/${courseId}/faqs`, teacher, { payload: { question, answer } });
  const pdf = makeStudyPdf('Geometry cheat sheet', [
    'A point has a position but no size.',
    'A line extends without end in both directions.',
    'Angles in a triangle add up to 180 degrees.',
  ]);
  await call(
    'POST',
    `/api/courses/${courseId}/materials?title=${encodeURIComponent('Geometry cheat sheet')}`,
    teacher,
    {
      ...multipart('geometry-cheat-sheet.pdf', 'application/pdf', pdf),
    },
  );

  // Packaging runs in the background job; the course is submitted once every video is ready.
  const waitUntilPackaged = async () => {
    for (let attempt = 0; attempt < 240; attempt += 1) {
      const { videos } = (await call('GET', `/api/courses/${courseId}/videos`, teacher)) as {
        videos: { status: string }[];
      };
      if (videos.some((video) => video.status === 'failed'))
        throw new Error('A demo video failed to package');
      if (videos.every((video) => video.status === 'ready')) return;
      await sleep(500);
    }
    throw new Error('The demo videos were not packaged in time');
  };
  await waitUntilPackaged();
  // Captions for every lesson, once they are ready (the player shows them as a track; the guru cites them).
  const { videos: lessons } = (await call('GET', `/api/courses/${courseId}/videos?kind=lesson`, teacher)) as {
    videos: { id: string; title: string }[];
  };
  for (const [i, captions] of DEMO_CAPTIONS.entries()) {
    await call('PUT', `/api/courses/${courseId}/videos/${lessons[i].id}/captions`, teacher, {
      ...multipart(captions.file, 'text/vtt', Buffer.from(captions.vtt)),
    });
  }
  // The fourth lesson is a video generated from a course library (slides narrated by the guru's voice).
  const polygonsLessonId = await seedDemoLibrary(call, teacher, courseId);
  await waitUntilPackaged();
  const quizId = await seedDemoQuiz(call, teacher, courseId, lessons);
  await call('POST', `/api/courses/${courseId}/submit`, teacher);
  await call('POST', `/api/approvals/${courseId}/approve`, admin, {
    payload: { comment: 'Clear and well paced. Approved.' },
  });
  await call('POST', `/api/learning/courses/${courseId}/subscribe`, student);
  const drawing = makeStudyPdf('My right angle', ['A right angle, marked with a small square: 90 degrees.']);
  await seedDemoAttempts(call, multipart, { student, teacher }, quizId, drawing);
  const guruId = await seedDemoGuru(app, call, multipart, teacher, courseId, [
    ...lessons.map((lesson) => lesson.id),
    polygonsLessonId,
  ]);
  await seedDemoConversation(app, call, { student, teacher }, guruId, courseId);
  await seedDemoInsights(app, { courseId, guruId });
  for (const token of [teacher, admin, student]) await call('POST', '/api/auth/logout', token);
  await seedDemoBilling(app);
  await seedDemoPeople(app);
  await seedDemoSupport(app);
  await seedDemoMeetings(app, courseId);
  await seedDemoPartners(app);
  log(
    'Demo course "Foundations of Geometry" is approved with its quiz and a lesson generated from the Polygons course library; student@ is subscribed, with one marked attempt and one waiting for marking; Geometry Guru is trained, with one conversation answered by the teacher.',
  );
}
