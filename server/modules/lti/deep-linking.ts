import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { DeepLinkAnswer, DeepLinkItem, DeepLinkView } from '../../../common/contracts/lti';
import { courses, courseVideos, gurus, ltiDeepLinks, ltiPlatforms, quizzes } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { badRequest, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { type Launch, LaunchRefused, LTI } from './launch';
import { signingKey } from './tool-keys';

/**
 * Deep Linking 2.0 (decision 074): a teacher inside the LMS picks Gurukul content and it is placed in their course
 * as links. The request's return URL and opaque data are kept here until they pick; the answer is a JWT signed
 * with the tool's key that the page posts back to the LMS (§4.5). A quiz carries a line item, so the LMS makes a
 * gradebook column for it; its scores go there (grades.ts).
 */
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const REQUEST_LIFETIME_MS = 60 * 60 * 1000;

export async function startDeepLink(app: App, launch: Launch): Promise<string> {
  const settings = launch.claims[`${DL}deep_linking_settings`] as
    | { deep_link_return_url?: unknown; data?: unknown }
    | undefined;
  const returnUrl = settings?.deep_link_return_url;
  if (typeof returnUrl !== 'string' || !/^https?:\/\//u.test(returnUrl)) {
    throw new LaunchRefused('lti-claims', 'deep_linking_settings.deep_link_return_url is missing');
  }
  const [row] = await app.db
    .insert(ltiDeepLinks)
    .values({
      platformId: launch.platform.id,
      userId: launch.userId,
      deploymentId: String(launch.claims[`${LTI}deployment_id`]),
      returnUrl,
      data: typeof settings?.data === 'string' ? settings.data : null,
      expiresAt: new Date(Date.now() + REQUEST_LIFETIME_MS),
    })
    .returning({ id: ltiDeepLinks.id });
  return row.id;
}

/** The request, only for the teacher who launched it, until it is answered or expires. */
async function openRequest(app: App, userId: string, requestId: string) {
  const [row] = await app.db
    .select({ request: ltiDeepLinks, platform: ltiPlatforms })
    .from(ltiDeepLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeepLinks.platformId))
    .where(
      and(
        eq(ltiDeepLinks.id, requestId),
        eq(ltiDeepLinks.userId, userId),
        isNull(ltiDeepLinks.usedAt),
        gt(ltiDeepLinks.expiresAt, new Date()),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** What the teacher may place: their own courses, their lessons and quizzes, and their gurus. */
async function placeable(app: App, userId: string): Promise<DeepLinkItem[]> {
  const own = await app.db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(eq(courses.ownerId, userId))
    .orderBy(courses.title);
  const ids = own.map((course) => course.id);
  const titleOf = new Map(own.map((course) => [course.id, course.title]));
  const [lessons, quizList, guruList] = await Promise.all([
    ids.length
      ? app.db
          .select({ id: courseVideos.id, title: courseVideos.title, courseId: courseVideos.courseId })
          .from(courseVideos)
          .where(and(inArray(courseVideos.courseId, ids), eq(courseVideos.kind, 'lesson')))
      : [],
    ids.length
      ? app.db
          .select({ id: quizzes.id, title: quizzes.title, courseId: quizzes.courseId })
          .from(quizzes)
          .where(inArray(quizzes.courseId, ids))
      : [],
    app.db.select({ id: gurus.id, title: gurus.name }).from(gurus).where(eq(gurus.ownerId, userId)),
  ]);
  return [
    ...own.map((course) => ({
      kind: 'course' as const,
      id: course.id,
      title: course.title,
      courseTitle: null,
    })),
    ...lessons.map((lesson) => ({
      kind: 'lesson' as const,
      id: lesson.id,
      title: lesson.title,
      courseTitle: titleOf.get(lesson.courseId) ?? null,
    })),
    ...quizList.map((quiz) => ({
      kind: 'quiz' as const,
      id: quiz.id,
      title: quiz.title,
      courseTitle: titleOf.get(quiz.courseId) ?? null,
    })),
    ...guruList.map((guru) => ({ kind: 'guru' as const, id: guru.id, title: guru.title, courseTitle: null })),
  ];
}

export async function deepLinkView(app: App, userId: string, requestId: string): Promise<DeepLinkView> {
  const { platform } = await openRequest(app, userId, requestId);
  return { platformName: platform.name, items: await placeable(app, userId) };
}

/** Where a placed item opens when a learner launches it (a path of Gurukul, carried as target_link_uri). */
async function targetOf(app: App, item: DeepLinkItem): Promise<string> {
  const base = app.config.publicUrl;
  if (item.kind === 'guru') return `${base}/guru?guruId=${item.id}`;
  if (item.kind === 'course') return `${base}/subscribed-courses?courseId=${item.id}`;
  const courseId =
    item.kind === 'lesson'
      ? (await app.db.query.courseVideos.findFirst({ where: eq(courseVideos.id, item.id) }))?.courseId
      : (await app.db.query.quizzes.findFirst({ where: eq(quizzes.id, item.id) }))?.courseId;
  // A quiz opens at its introduction (Start, past attempts); a lesson in the course player at that lesson.
  if (item.kind === 'quiz') return `${base}/preview-quiz?quizId=${item.id}&courseId=${courseId}`;
  return `${base}/subscribed-courses?courseId=${courseId}&videoId=${item.id}`;
}

/**
 * The teacher's pick as the Deep Linking response (§4.5): content items the LMS places as links, each launching
 * back into Gurukul; a quiz with a line item (score out of 100). Only what they may place; the request is used up.
 */
export async function answerDeepLink(
  app: App,
  userId: string,
  requestId: string,
  picked: { kind: DeepLinkItem['kind']; id: string }[],
): Promise<DeepLinkAnswer> {
  const { request, platform } = await openRequest(app, userId, requestId);
  const allowed = await placeable(app, userId);
  const items = picked.map((choice) =>
    allowed.find((item) => item.kind === choice.kind && item.id === choice.id),
  );
  if (items.some((item) => !item)) throw badRequest(said('server.auth.lti.notYours'));
  const contentItems = await Promise.all(
    (items as DeepLinkItem[]).map(async (item) => ({
      type: 'ltiResourceLink',
      title: item.courseTitle ? `${item.title} · ${item.courseTitle}` : item.title,
      url: await targetOf(app, item),
      custom: { gurukul_kind: item.kind, gurukul_id: item.id },
      ...(item.kind === 'quiz'
        ? {
            lineItem: {
              scoreMaximum: 100,
              label: item.title,
              resourceId: `quiz:${item.id}`,
              tag: 'gurukul-quiz',
            },
          }
        : {}),
    })),
  );
  const used = await app.db
    .update(ltiDeepLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(ltiDeepLinks.id, request.id), isNull(ltiDeepLinks.usedAt)))
    .returning({ id: ltiDeepLinks.id });
  if (used.length === 0) throw notFound();
  const { kid, key } = await signingKey(app);
  const now = Math.floor(Date.now() / 1000);
  const jwt = await new SignJWT({
    nonce: randomBytes(16).toString('base64url'),
    [`${LTI}message_type`]: 'LtiDeepLinkingResponse',
    [`${LTI}version`]: '1.3.0',
    [`${LTI}deployment_id`]: request.deploymentId,
    [`${DL}content_items`]: contentItems,
    ...(request.data !== null ? { [`${DL}data`]: request.data } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setAudience(platform.issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(key);
  return { returnUrl: request.returnUrl, jwt };
}
