import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { GURU_LIMITS } from '../../common/gurus';
import { countOf } from '../../common/words';
import { AppError } from './errors';

/**
 * Sentences in a long guru answer: the longest answer a person may write (4000 characters) cut by the
 * client's sentence splitter (web/features/guru-session/sentences.ts) into pieces of 25 characters on
 * average. Prose averages 80; list items and their numbers ("1.") are spoken one by one, and a chat model's
 * answer with steps and bullets measured 32 (rate-limits.test.ts).
 */
export const SENTENCES_PER_LONG_ANSWER = Math.ceil(GURU_LIMITS.answerMax / 25);
/** Questions a student may ask within one minute and still hear every sentence of every answer. */
export const SPOKEN_ANSWERS_PER_MINUTE = 10;

/**
 * Every API budget, in requests per minute, and the variable that sets it (docs/decisions/
 * 017-fair-rate-limits.md). Signed-in calls count against their user, anonymous calls against their address;
 * static files, the web app's HTML and socket.io never count.
 */
export const LIMIT_BUDGETS = {
  /** Sign-up, login, e-mail verification, password reset and change, per address (per user once signed in):
   * a school of several hundred behind one address logs in within minutes, some twice; password guessing is
   * held by the failed-login counters below, not by this budget. */
  auth: { env: 'AUTH_RATE_LIMIT_MAX', perMinute: 600 },
  /** Any other call without a session, per address (the public catalog, plans, webhooks). */
  anonymous: { env: 'RATE_LIMIT_MAX', perMinute: 1200 },
  /** GET and HEAD per signed-in user: page loads, polling, the player's progress. */
  read: { env: 'READ_RATE_LIMIT_MAX', perMinute: 1200 },
  /** Every other method per signed-in user: saves, answers, uploads. */
  write: { env: 'WRITE_RATE_LIMIT_MAX', perMinute: 300 },
  /** A guru's voice, one call per sentence: every sentence of 10 long answers a minute. */
  speech: { env: 'SPEECH_RATE_LIMIT_MAX', perMinute: SENTENCES_PER_LONG_ANSWER * SPOKEN_ANSWERS_PER_MINUTE },
  /** D-ID talking-head videos (one per answer, paid by the guru's owner). */
  avatarVideo: { env: 'AVATAR_VIDEO_RATE_LIMIT_MAX', perMinute: 20 },
  /**
   * A certificate's public check (decision 079), per address (per user once signed in): an employer checks a few,
   * a script that walks ids to find a valid one is held to this.
   */
  certificateCheck: { env: 'CERTIFICATE_CHECK_RATE_LIMIT_MAX', perMinute: 60 },
  /** Course library narration samples (one speech call each). */
  narrationSample: { env: 'NARRATION_SAMPLE_RATE_LIMIT_MAX', perMinute: 30 },
} as const satisfies Record<string, { env: string; perMinute: number }>;

export type LimitGroup = keyof typeof LIMIT_BUDGETS;
export type RateLimitBudgets = Record<LimitGroup, number>;
/** Groups a route names in `config.limit`; without one a call is 'read' or 'write' (or 'anonymous'). */
export type RouteLimit = Exclude<LimitGroup, 'anonymous' | 'read' | 'write'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    limit?: RouteLimit;
  }
}

const WINDOW_MS = 60_000;

/**
 * Failed logins counted in a sliding window (docs/decisions/017-fair-rate-limits.md): per e-mail and address,
 * which stops guessing one account's password, and per address over all e-mails, which stops spraying many
 * accounts from one place. The per-address figure is high because a school's pupils share one public address
 * and mistype passwords; a lock that stopped a whole school for a few typos would be the worse failure.
 */
export interface LoginFailureLimits {
  perAccountAndAddress: number;
  perAddress: number;
  windowMs: number;
}

export const LOGIN_FAILURE_DEFAULTS: LoginFailureLimits = {
  perAccountAndAddress: 5,
  perAddress: 300,
  windowMs: 15 * 60_000,
};

/** The failed-login limits from the checked settings (server/settings-schema.ts); unset → the default. */
export function loginFailureLimits(values: {
  LOGIN_FAILURES_PER_ACCOUNT?: number;
  LOGIN_FAILURES_PER_ADDRESS?: number;
}): LoginFailureLimits {
  return {
    perAccountAndAddress: values.LOGIN_FAILURES_PER_ACCOUNT ?? LOGIN_FAILURE_DEFAULTS.perAccountAndAddress,
    perAddress: values.LOGIN_FAILURES_PER_ADDRESS ?? LOGIN_FAILURE_DEFAULTS.perAddress,
    windowMs: LOGIN_FAILURE_DEFAULTS.windowMs,
  };
}

/** The budgets from the checked settings (server/settings-schema.ts), by variable name; unset → the default. */
export function rateLimitBudgets(values: object = {}): RateLimitBudgets {
  const budgets = {} as RateLimitBudgets;
  for (const [group, { env: name, perMinute }] of Object.entries(LIMIT_BUDGETS)) {
    const value = (values as Record<string, unknown>)[name];
    budgets[group as LimitGroup] = typeof value === 'number' ? value : perMinute;
  }
  return budgets;
}

type Limit = { group: LimitGroup; key: string } | null;
/** Each request's limit, worked out once: the limiter asks three times (allow list, key, budget). */
const limits = new WeakMap<FastifyRequest, Limit>();

/** The group a call counts against and the bucket it counts in; null for anything outside /api. */
export function limitOf(request: FastifyRequest): Limit {
  let limit = limits.get(request);
  if (limit === undefined) {
    limit = workOutLimit(request);
    limits.set(request, limit);
  }
  return limit;
}

function workOutLimit(request: FastifyRequest): Limit {
  const { url, config } = request.routeOptions;
  if (!url?.startsWith('/api/')) return null;
  // The actor was verified by the access hook (server/http/access.ts) before this runs; a header's claims
  // never reach it, so a caller cannot spend someone else's budget or escape their own.
  // A route that never reads its actor has only the token's verified subject (access.ts `readsActor`).
  const userId = request.actor?.userId ?? request.tokenSubject;
  const who = userId ? `user:${userId}` : `ip:${normalizeIP(request.ip)}`;
  const reading = request.method === 'GET' || request.method === 'HEAD';
  const group: LimitGroup = config.limit ?? (!userId ? 'anonymous' : reading ? 'read' : 'write');
  return { group, key: `${group}|${who}` };
}

/**
 * Registers the limiter for every /api route. It runs as a route-level onRequest hook, which Fastify runs
 * after the app's own onRequest hooks, so the access hook has already resolved who is asking.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  budgets: RateLimitBudgets,
  redis?: Redis,
): Promise<void> {
  await app.register(fastifyRateLimit, {
    // With Redis every instance counts in the same buckets, so a budget is per person, not per instance; if Redis
    // does not answer, requests pass uncounted rather than fail.
    ...(redis ? { redis, nameSpace: 'gurukul-rate:', skipOnError: true } : {}),
    global: true,
    hook: 'onRequest',
    timeWindow: WINDOW_MS,
    // Enough buckets for a large school (users × groups); an evicted bucket only starts counting afresh.
    cache: 100_000,
    allowList: (request) => limitOf(request) === null,
    keyGenerator: (request) => limitOf(request)?.key ?? 'unlimited',
    max: (request) => {
      const limit = limitOf(request);
      return limit ? budgets[limit.group] : Number.MAX_SAFE_INTEGER;
    },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return new AppError('RATE_LIMITED', rateLimitedMessage(seconds), undefined, seconds);
    },
  });
}

export const rateLimitedMessage = (seconds: number) =>
  `Too many requests. Please try again in ${countOf(seconds, 'second')}.`;
