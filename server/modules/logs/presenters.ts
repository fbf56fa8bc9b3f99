import type { AppLogRow, ErrorGroupRow, JobFailureRow, RequestLogRow } from '../../../common/contracts/logs';
import { levelName } from '../../../common/contracts/logs';
import type { errorGroups } from '../../db/schema/index';
import { scrubText } from '../../http/secret-text';
import type { JobFailure } from '../../jobs/queue';
import { clip, redactValue } from './redact';
import type { StoredAppLog, StoredRequest } from './writer';

type UserRef = { fullName: string | null; email: string | null } | null | undefined;

export function presentRequest(row: StoredRequest, user?: UserRef): RequestLogRow {
  return {
    id: row.id,
    at: row.at.toISOString(),
    method: row.method,
    route: row.route,
    path: row.path,
    status: row.status,
    durationMs: row.durationMs,
    user: row.userId ? { id: row.userId, name: user?.fullName ?? null, email: user?.email ?? null } : null,
    requestId: row.requestId,
    clientAddress: row.clientAddress,
    errorFingerprint: row.errorFingerprint,
  };
}

export function presentAppLog(row: StoredAppLog): AppLogRow {
  return {
    id: row.id,
    at: row.at.toISOString(),
    level: levelName(row.level),
    message: row.message,
    context: row.context,
    requestId: row.requestId,
    fingerprint: row.fingerprint,
  };
}

export function presentErrorGroup(row: typeof errorGroups.$inferSelect): ErrorGroupRow {
  return {
    fingerprint: row.fingerprint,
    name: row.name,
    message: row.message,
    topFrame: row.topFrame,
    count: row.count,
    firstSeen: row.firstSeen.toISOString(),
    lastSeen: row.lastSeen.toISOString(),
    latestRequestId: row.latestRequestId,
  };
}

/** A failed job with its payload summarised on one line and secrets masked in payload and error alike. */
export function presentJobFailure(job: JobFailure): JobFailureRow {
  const error = (job.error ?? {}) as { message?: unknown; stack?: unknown; value?: unknown };
  const message =
    typeof error.message === 'string'
      ? error.message
      : typeof error.value === 'object' && error.value && 'message' in error.value
        ? String((error.value as { message: unknown }).message)
        : JSON.stringify(job.error ?? null);
  return {
    id: job.id,
    name: job.name,
    state: job.state,
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
    createdAt: job.createdAt.toISOString(),
    failedAt: job.failedAt?.toISOString() ?? null,
    payload: clip(JSON.stringify(redactValue(job.data ?? null)) ?? 'null', 300),
    error: {
      message: clip(scrubText(message), 1000),
      stack: typeof error.stack === 'string' ? clip(scrubText(error.stack), 4000) : null,
    },
  };
}
