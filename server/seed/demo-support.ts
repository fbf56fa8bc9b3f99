import { eq, inArray } from 'drizzle-orm';
import { supportCannedReplies, supportMessages, supportTickets, users } from '../db/schema/index';
import type { App } from '../http/app-type';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The subject whose ticket says the help desk's demo data is already there. */
export const DEMO_SUPPORT_MARKER = 'The lesson video stops on my phone';

const CANNED_REPLIES = [
  {
    title: 'Reload and clear the cache',
    body: 'Thank you for writing. Please reload the page (Ctrl+Shift+R, or pull down on a phone) and try again. If it still happens, tell us your browser and send a screenshot, and we will look at once.',
  },
  {
    title: 'Refund policy',
    body: 'Paid plans can be cancelled at any time from Plan → Manage; you keep access until the end of the period you paid for. Refunds within 7 days of a payment are described on our Refund and Cancellation page.',
  },
  {
    title: 'Looking into it',
    body: 'Thank you, we can see the problem and are working on it. We will write again here as soon as it is fixed.',
  },
];

/**
 * The help desk at first start (issue 16): a resolved and rated ticket from student@, an open one from teacher@
 * waiting for a first answer, and the desk's canned replies. Added once, also to installs seeded before.
 */
export async function seedDemoSupport(app: App): Promise<void> {
  const found = await app.db.query.supportTickets.findFirst({
    where: eq(supportTickets.subject, DEMO_SUPPORT_MARKER),
    columns: { id: true },
  });
  if (found) return;
  const people = await app.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@gurukul.test', 'student@gurukul.test', 'teacher@gurukul.test']));
  const idOf = (email: string) => people.find((person) => person.email === email)?.id;
  const admin = idOf('admin@gurukul.test');
  const student = idOf('student@gurukul.test');
  const teacher = idOf('teacher@gurukul.test');
  if (!admin || !student || !teacher) return;
  const ago = (ms: number) => new Date(Date.now() - ms);

  await app.db.transaction(async (tx) => {
    const [resolved] = await tx
      .insert(supportTickets)
      .values({
        requesterId: student,
        subject: DEMO_SUPPORT_MARKER,
        category: 'technical',
        priority: 'normal',
        status: 'resolved',
        assigneeId: admin,
        context: {
          route: '/subscribed-courses',
          userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile',
        },
        createdAt: ago(6 * DAY_MS),
        lastMessageAt: ago(4 * DAY_MS),
        waitingSince: null,
        lastStaffReplyAt: ago(4 * DAY_MS),
        requesterReadAt: ago(3 * DAY_MS),
        firstResponseAt: ago(6 * DAY_MS - 2 * HOUR_MS),
        resolvedAt: ago(4 * DAY_MS),
        rating: 5,
        ratedAt: ago(3 * DAY_MS),
      })
      .returning();
    await tx.insert(supportMessages).values([
      {
        ticketId: resolved.id,
        authorId: student,
        kind: 'reply',
        body: 'The second lesson of Foundations of Geometry stops after a few seconds on my phone. On my laptop it plays.',
        createdAt: ago(6 * DAY_MS),
      },
      {
        ticketId: resolved.id,
        authorId: admin,
        kind: 'note',
        body: 'Probably the old cached player on Android; ask her to reload.',
        createdAt: ago(6 * DAY_MS - 2.5 * HOUR_MS),
      },
      {
        ticketId: resolved.id,
        authorId: admin,
        kind: 'reply',
        body: CANNED_REPLIES[0].body,
        createdAt: ago(6 * DAY_MS - 2 * HOUR_MS),
      },
      {
        ticketId: resolved.id,
        authorId: admin,
        kind: 'event',
        change: { field: 'status', from: 'open', to: 'inReview' },
        createdAt: ago(6 * DAY_MS - 2 * HOUR_MS),
      },
      {
        ticketId: resolved.id,
        authorId: student,
        kind: 'reply',
        body: 'That worked, it plays now. Thank you!',
        createdAt: ago(4 * DAY_MS + 3 * HOUR_MS),
      },
      {
        ticketId: resolved.id,
        authorId: admin,
        kind: 'reply',
        body: 'Glad to hear it. Enjoy the course!',
        createdAt: ago(4 * DAY_MS),
      },
      {
        ticketId: resolved.id,
        authorId: admin,
        kind: 'event',
        change: { field: 'status', from: 'inReview', to: 'resolved' },
        createdAt: ago(4 * DAY_MS),
      },
    ]);

    const [waiting] = await tx
      .insert(supportTickets)
      .values({
        requesterId: teacher,
        subject: 'How do I give my second course its own guru?',
        category: 'guru',
        priority: 'high',
        context: { route: '/guru-list', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/133' },
        createdAt: ago(3 * HOUR_MS),
        lastMessageAt: ago(3 * HOUR_MS),
        waitingSince: ago(3 * HOUR_MS),
        requesterReadAt: ago(3 * HOUR_MS),
      })
      .returning();
    await tx.insert(supportMessages).values({
      ticketId: waiting.id,
      authorId: teacher,
      kind: 'reply',
      body: 'I have Geometry Guru for my first course. When I start a second course, can it have its own guru trained only on its lessons, or does one guru answer for both?',
      createdAt: ago(3 * HOUR_MS),
    });
    await tx
      .insert(supportCannedReplies)
      .values(CANNED_REPLIES.map((reply) => ({ ...reply, createdBy: admin })));
  });
}
