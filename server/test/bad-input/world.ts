import { USER_TYPES, type UserType } from '../../../common/roles';
import {
  courseFaqs,
  courseLibraries,
  courseMaterials,
  courseVideos,
  librarySegments,
} from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { createCourse } from '../courses';
import { authHeader, buildAndLogin, login } from '../factories';
import { createGuru } from '../gurus';
import { insertQuiz, options } from '../quizzes';

export interface FuzzCaller {
  name: string;
  role: UserType | null;
  email?: string;
  userId?: string;
  headers: Record<string, string>;
}

/** Callers of every role, anonymous, a made-up token, and a student whose header claims admin. */
export async function buildCallers(app: App): Promise<FuzzCaller[]> {
  const signedIn = await Promise.all(
    USER_TYPES.map(async (role): Promise<FuzzCaller> => {
      const { user, headers } = await buildAndLogin(app, { userType: role });
      return { name: role, role, email: user.email, userId: user.id, headers };
    }),
  );
  const student = signedIn.find((caller) => caller.role === 'student') as FuzzCaller;
  const session = await login(app, student.email as string);
  return [
    ...signedIn,
    { name: 'anonymous', role: null, headers: {} },
    {
      name: 'made-up token',
      role: null,
      headers: {
        authorization: JSON.stringify({
          jwtToken: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
          userType: 'admin',
        }),
      },
    },
    {
      name: 'student claiming admin',
      role: 'student',
      email: student.email,
      userId: student.userId,
      headers: authHeader(session, { userType: 'admin', trialEnded: false, subscriptionEnded: false }),
    },
  ];
}

/**
 * Real rows owned by the teacher, so that generated requests get past "not found" into the handlers (and
 * the upload routes really read their bodies). Keyed by the path parameter names the routes use.
 */
export async function buildWorld(app: App, callers: FuzzCaller[]): Promise<Record<string, string[]>> {
  // A new teacher each time: an earlier run may have deleted the last world, or used up the plan's limits.
  const teacher = callers.find((caller) => caller.name === 'teacher') as FuzzCaller;
  const { user, headers } = await buildAndLogin(app, { userType: 'teacher' });
  Object.assign(teacher, { email: user.email, userId: user.id, headers });
  const student = callers.find((caller) => caller.name === 'student') as FuzzCaller;
  const courseId = await createCourse(app, teacher.headers);
  const { quizId, questionIds } = await insertQuiz(app, courseId, {}, [
    { type: 'single', options: options(['3', '4'], [1]) },
  ]);
  const guru = await createGuru(app, teacher.headers);
  const [video] = await app.db
    .insert(courseVideos)
    .values({ courseId, title: 'Lesson', processingStatus: 'ready', durationSeconds: 1 })
    .returning();
  const [faq] = await app.db
    .insert(courseFaqs)
    .values({ courseId, question: 'Q?', answer: 'A.' })
    .returning();
  const [material] = await app.db
    .insert(courseMaterials)
    .values({ courseId, title: 'Notes', filePath: 'fuzz/missing.pdf', sizeBytes: 10 })
    .returning();
  const [library] = await app.db
    .insert(courseLibraries)
    .values({ ownerId: teacher.userId as string, title: 'Deck', sourceName: 'deck.pdf' })
    .returning();
  await app.db
    .insert(librarySegments)
    .values({ libraryId: library.id, position: 0, slidePath: 'fuzz/missing.png' });
  const plan = await app.db.query.plans.findFirst();
  return {
    courseId: [courseId],
    quizId: [quizId],
    questionId: questionIds,
    guruId: [guru.id],
    videoId: [video.id],
    faqId: [faq.id],
    materialId: [material.id],
    libraryId: [library.id],
    planId: plan ? [plan.id] : [],
    userId: callers.flatMap((caller) => (caller.userId ? [caller.userId] : [])),
    studentId: [student.userId as string],
    kind: ['profileImage', 'brandLogo', 'avatar', 'introduction'],
  };
}
