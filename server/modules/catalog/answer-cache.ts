import type { FastifyInstance } from 'fastify';
import { type EncodedText, encodedText } from '../../http/encoded-text';

/**
 * How long a catalog page's answer is served from memory (issue 38, decision 081). The catalog is the same for
 * everyone, and a second is what a change made through another instance or a background job may take to show;
 * a change made through this instance shows at once (every write request empties the cache).
 */
export const CATALOG_ANSWER_MS = 1000;
/** Distinct pages kept (filters × pages): a crawler walking searches only evicts the oldest. */
const KEPT = 500;

interface Kept {
  at: number;
  answer: Promise<EncodedText>;
}

export type CatalogAnswerCache = ReturnType<typeof catalogAnswerCache>;

/**
 * Catalog answers by their query, serialised once and compressed once per encoding. Concurrent askers of a page
 * not kept share one read of the database. Made on the root app before any route, so its hook sees every write.
 */
export function catalogAnswerCache(app: FastifyInstance) {
  const kept = new Map<string, Kept>();
  // Bumped by every write: a read that began before a write is never kept after it.
  let generation = 0;
  // Any write this instance answers (an approval, a rename, a new logo) may change what the catalog shows. Emptied
  // as its answer is sent (onSend), so whoever hears back from the write asks a fresh catalog.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      generation += 1;
      kept.clear();
    }
  });
  return {
    answer(key: string, read: () => Promise<unknown>): Promise<EncodedText> {
      const now = Date.now();
      const known = kept.get(key);
      if (known && now - known.at < CATALOG_ANSWER_MS) return known.answer;
      if (known) kept.delete(key);
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
      const startedIn = generation;
      const answer = read().then((value) => {
        // A write answered while this read ran may not be in it: serve it to who asked, keep it for nobody.
        if (generation !== startedIn && kept.get(key)?.answer === answer) kept.delete(key);
        return encodedText(JSON.stringify(value));
      });
      // A failed read is not kept: the next asker reads again.
      answer.catch(() => {
        if (kept.get(key)?.answer === answer) kept.delete(key);
      });
      kept.set(key, { at: now, answer });
      return answer;
    },
  };
}
