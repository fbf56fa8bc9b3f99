import { courses } from '../../server/db/schema/index';
import type { App } from '../../server/http/app-type';
import type { CourseSnapshot } from '../../server/modules/courses/snapshot';
import { buildUser } from '../../server/test/factories';

const SUBJECTS = ['Geometry', 'Algebra', 'Physics', 'Chemistry', 'Biology', 'History', 'Grammar', 'Music'];
const CATEGORIES = ['Mathematics', 'Science', 'Languages', 'Arts and Design', 'Music'];

/** `count` approved, live courses by 20 teachers, straight into the database (the catalog benchmarks' data). */
export async function insertLiveCourses(app: Pick<App, 'db'>, count: number): Promise<void> {
  const teachers = await Promise.all(
    Array.from({ length: 20 }, () => buildUser(app, { userType: 'teacher' })),
  );
  const rows = Array.from({ length: count }, (_, i) => {
    const info = {
      title: `${SUBJECTS[i % SUBJECTS.length]} ${i}`,
      description: `A course about ${SUBJECTS[i % SUBJECTS.length].toLowerCase()} for learners of every level, lesson ${i}.`,
      category: CATEGORIES[i % CATEGORIES.length],
      level: 'Beginner',
      language: 'English',
      price: i % 3 === 0 ? 0 : 199 + i,
      currency: 'INR',
      passingScore: 50,
      thumbnailPath: null,
    };
    const snapshot: CourseSnapshot = { info, videos: [], faqs: [], materials: [] };
    return {
      ...info,
      ownerId: teachers[i % teachers.length].id,
      approvalStatus: 'APPROVED',
      approvedSnapshot: snapshot,
      reviewedAt: new Date(Date.now() - i * 60_000),
    };
  });
  for (let i = 0; i < rows.length; i += 200) await app.db.insert(courses).values(rows.slice(i, i + 200));
}
