import { courseSubscriptions } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { loadLiveCourse } from '../catalog/service';
import { type Launch, launchedId } from './launch';

/**
 * A learner launching a placed course, lesson or quiz is enrolled in its course (decision 075): the school's LMS
 * already decided who is in the class, so Gurukul does not ask them to subscribe again. A course of the registering
 * institute (its own or one of its teachers') is enrolled whatever its price — the institute is its seller; any
 * other course only when it is free, as the Subscribe button would. A paid course of someone else opens at its
 * price, like any visitor's.
 */
export async function enrolFromLaunch(app: App, launch: Launch): Promise<void> {
  if (launch.messageType !== 'LtiResourceLinkRequest' || launch.instructor) return;
  const courseId = launchedId(launch, 'courseId');
  if (!courseId) return;
  const live = await loadLiveCourse(app, courseId).catch((error: unknown) => {
    if (error instanceof AppError) return null; // not live (or gone): the page says so
    throw error;
  });
  if (!live) return;
  const institutes =
    launch.platform.ownerId !== null &&
    (live.course.ownerId === launch.platform.ownerId || live.instituteId === launch.platform.ownerId);
  if (!institutes && (Number(live.snapshot.info.price) || 0) > 0) return;
  await app.db.insert(courseSubscriptions).values({ courseId, userId: launch.userId }).onConflictDoNothing();
}
