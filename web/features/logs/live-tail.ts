import { useEffect, useState } from 'react';
import {
  type AppLogRow,
  LOGS_TAIL_EVENTS,
  type LogTailBatch,
  type RequestLogRow,
} from '../../../common/contracts/logs';
import { emitWhileConnected, onSocketEvent } from '../../app/socket';

/** Rows kept from the tail: the list below them holds everything older. */
const KEPT = 300;

export interface LiveTail {
  requests: RequestLogRow[];
  logs: AppLogRow[];
}

/**
 * While `on`, this socket is in the server's tail room (asked again after a reconnect) and collects the batches it
 * sends, newest first. Switching it off leaves the room and forgets the rows.
 */
export function useLiveTail(on: boolean): LiveTail {
  const [tail, setTail] = useState<LiveTail>({ requests: [], logs: [] });
  useEffect(() => {
    if (!on) {
      setTail({ requests: [], logs: [] });
      return;
    }
    const stop = emitWhileConnected(LOGS_TAIL_EVENTS.toggle, { on: true }, { on: false });
    const off = onSocketEvent(LOGS_TAIL_EVENTS.batch, (payload) => {
      const batch = payload as LogTailBatch;
      setTail((current) => ({
        requests: [...batch.requests, ...current.requests].slice(0, KEPT),
        logs: [...batch.logs, ...current.logs].slice(0, KEPT),
      }));
    });
    return () => {
      off();
      stop();
    };
  }, [on]);
  return tail;
}

/** Tail rows first (those not already listed), then the list's own rows. */
export function mergeNewest<T extends { id: number }>(tail: T[], listed: T[]): T[] {
  const newest = listed[0]?.id ?? 0;
  return [...tail.filter((row) => row.id > newest), ...listed];
}
