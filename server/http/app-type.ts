import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Jobs } from '../jobs/queue';
import type { Answerer } from '../providers/llm/types';
import type { Mailer } from '../providers/mail/mailer';
import type { Payments } from '../providers/payments/types';
import type { Storage } from '../providers/storage/storage';
import type { Realtime } from '../realtime/socket';

// What every route sees on the app. It lives in the HTTP layer (not in app.ts) so that modules depend on this
// layer and only app.ts depends on the modules: the server has no import cycle.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    storage: Storage;
    realtime: Realtime;
    jobs: Jobs;
    payments: Payments;
    /** How gurus put retrieved passages into words: the local answerer or an OpenAI-compatible endpoint. */
    answerer: Answerer;
  }
}

export type App = FastifyInstance;
