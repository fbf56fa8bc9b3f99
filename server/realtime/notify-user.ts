import { eq } from 'drizzle-orm';
import type { Locale } from '../../common/i18n/locales';
import { users } from '../db/schema/index';
import type { App } from '../http/app-type';
import { storedLocale } from '../http/locale';
import { holdsStoredText, translated } from '../http/stored-texts';
import { rooms } from './socket';

/**
 * Sends an event to one user's sockets with its stored failure texts (a video's packaging, a library's
 * generation, a guru's training: stored in English, decision 070) in that user's language, as an HTTP answer
 * carries them (stored-texts.ts). An event without one goes out at once; one with a failure first reads the
 * user's language, as does a payload given as a function of the language.
 */
export async function notifyUser(
  app: App,
  userId: string,
  event: string,
  payload: unknown | ((locale: Locale) => unknown),
): Promise<void> {
  if (typeof payload !== 'function' && !holdsStoredText(payload)) {
    app.realtime.notify(rooms.user(userId), event, payload);
    return;
  }
  // Never a rejected promise (callers in a job's progress do not wait): the text goes out as stored instead.
  const locale = await app.db.query.users
    .findFirst({ where: eq(users.id, userId), columns: { locale: true } })
    .then((user) => storedLocale(user?.locale))
    .catch((error: unknown) => {
      app.log.warn({ err: error, userId, event }, 'could not read the language of a live event’s recipient');
      return 'en' as const;
    });
  // A payload made per language (a review comment: server/i18n/review-comment.ts) is made in the user's.
  const made = typeof payload === 'function' ? (payload as (locale: Locale) => unknown)(locale) : payload;
  app.realtime.notify(rooms.user(userId), event, locale === 'en' ? made : translated(made, locale));
}
