import type { App } from '../http/app-type';
import type { MailMessage } from '../providers/mail/mailer';
import { rooms } from './socket';

/**
 * Tells a user something that happened for them: live on every socket they have open, and by e-mail (SMTP or
 * the outbox) when they have none, so someone who is away still hears of a reply or a meeting. The mail is
 * best effort: a mail server that is down is logged, never turned into a failed request.
 */
export async function reachUser(
  app: App,
  user: { id: string; email: string },
  live: { event: string; payload: unknown },
  mail: Omit<MailMessage, 'to'>,
): Promise<'live' | 'mailed' | 'unreached'> {
  app.realtime.notify(rooms.user(user.id), live.event, live.payload);
  if (await app.realtime.presence.isOnline(user.id)) return 'live';
  try {
    await app.mailer.send({ to: user.email, ...mail });
    return 'mailed';
  } catch (error) {
    app.log.warn({ err: error, userId: user.id, event: live.event }, 'could not mail an offline user');
    return 'unreached';
  }
}
