import { inArray } from 'drizzle-orm';
import { LOGS_TAIL_EVENTS, type LogTailBatch } from '../../../common/contracts/logs';
import { users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { rooms } from '../../realtime/socket';
import { presentAppLog, presentRequest } from './presenters';
import type { WrittenBatch } from './writer';

/** Rows per event: a burst shows its newest rows; the list itself holds them all. */
const TAIL_MAX = 200;

/** Whether anyone has the live tail on: the writer reads its rows back only then (asked before each write). */
export const tailWatched = (app: App): Promise<boolean> => app.realtime.hasMembers(rooms.logsTail);

/** Sends what a write stored (at most once per write, about once a second) to readers with the tail on. */
export async function publishTail(app: App, batch: WrittenBatch): Promise<void> {
  if (batch.requests.length === 0 && batch.logs.length === 0) return;
  const requests = batch.requests.slice(-TAIL_MAX);
  const ids = [...new Set(requests.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const people =
    ids.length > 0
      ? await app.db
          .select({ id: users.id, fullName: users.fullName, email: users.email })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  const payload: LogTailBatch = {
    requests: requests.map((row) => presentRequest(row, row.userId ? byId.get(row.userId) : null)).reverse(),
    logs: batch.logs.slice(-TAIL_MAX).map(presentAppLog).reverse(),
  };
  app.realtime.notify(rooms.logsTail, LOGS_TAIL_EVENTS.batch, payload);
}
