import { PassThrough, type Readable } from 'node:stream';
import { asc, eq, sql } from 'drizzle-orm';
import type { AskEvent } from '../../../common/contracts/gurus';
import { GURU_MSG } from '../../../common/gurus';
import { conversationMessages, conversations } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, forbidden } from '../../http/errors';
import type { AnswerRequest } from '../../providers/llm/types';
import type { GuruRow } from '../gurus/access';
import { type PreparedAnswer, prepareAnswer } from '../gurus/answering';
import { canAnswer, quizOpenOnGuru } from '../gurus/session-service';
import { type ConversationRowDb, loadConversation } from './access';
import { type PreparedHintStep, prepareHintStep } from './hint-ladder';
import { markRead } from './reads';

/** Earlier turns given to the answerer: enough for follow-ups, not the whole session. */
const HISTORY_TURNS = 12;
const TITLE_MAX = 200;

/**
 * POST /api/conversations/:id/ask: checks, saves the question and answers a stream of NDJSON AskEvent lines.
 * The answer is produced and saved even if the client goes away mid-way (the transcript stays whole).
 */
export async function openAskStream(
  app: App,
  actor: Actor,
  conversationId: string,
  question: string,
): Promise<Readable> {
  const opened = await loadConversation(app, actor, conversationId);
  if (!opened.isStudent) throw forbidden('Only the person in this session can ask its guru');
  return askInConversation(app, opened, actor.userId, question);
}

/**
 * Asks the guru of a conversation whose holder the caller has been checked to be: a student (askerId) or an
 * anonymous visitor of an embedding site (null; server/modules/embed/).
 */
export async function askInConversation(
  app: App,
  { conversation, guru }: { conversation: ConversationRowDb; guru: GuruRow },
  askerId: string | null,
  question: string,
): Promise<Readable> {
  if (!canAnswer(guru)) throw new AppError('CONFLICT', GURU_MSG.notReady);
  if (askerId && (await quizOpenOnGuru(app, askerId, guru.id)))
    throw new AppError('CONFLICT', GURU_MSG.quizInProgress);

  const earlier = await app.db
    .select({ role: conversationMessages.role, text: conversationMessages.text })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversation.id))
    .orderBy(asc(conversationMessages.createdAt));
  const history = earlier
    .filter((message) => message.role === 'user' || message.role === 'guru')
    .slice(-HISTORY_TURNS)
    .map((message) => ({
      role: message.role === 'guru' ? ('assistant' as const) : ('user' as const),
      text: message.text,
    }));

  await app.db
    .insert(conversationMessages)
    .values({ conversationId: conversation.id, role: 'user', authorId: askerId, text: question });
  await app.db
    .update(conversations)
    .set({
      lastMessageAt: sql`now()`,
      // The first question names the session in lists and search.
      title: conversation.title || question.slice(0, TITLE_MAX),
    })
    .where(eq(conversations.id, conversation.id));

  const out = new PassThrough();
  // A client that hangs up destroys the stream; that must never become an unhandled error.
  out.on('error', () => {});
  // Hints mode: a ladder of hints and tries kept with the conversation (hint-ladder.ts).
  if (guru.teachingMode === 'hints') {
    await answerOnLadder(app, { conversationId: conversation.id, guru, askerId, question, history }, out);
    return out;
  }
  let prepared: PreparedAnswer;
  try {
    prepared = await prepareAnswer(app, guru, question, history);
  } catch (error) {
    throw cannotPrepare(app, guru, error);
  }
  void streamAnswer(app, app.db, conversation.id, askerId, prepared, out);
  return out;
}

function cannotPrepare(app: App, guru: GuruRow, error: unknown): AppError {
  app.log.error({ err: error, guruId: guru.id }, 'preparing a guru answer failed');
  return new AppError('UNAVAILABLE', 'The guru cannot answer right now. Please try again in a moment.');
}

/**
 * One step of the hint ladder, atomic: the conversation's row stays locked (FOR NO KEY UPDATE, so the messages'
 * and reads' foreign keys are not held up) from reading the ladder until the reply and the next ladder are
 * saved. Two tries sent at once are judged one after the other, the second on the ladder the first left,
 * never both on the same one (a step lost, a fourth try). Resolves once the step is prepared; the reply
 * streams into `out` while the row stays locked.
 */
function answerOnLadder(
  app: App,
  ask: {
    conversationId: string;
    guru: GuruRow;
    askerId: string | null;
    question: string;
    history: AnswerRequest['history'];
  },
  out: PassThrough,
): Promise<void> {
  return new Promise((resolve, reject) => {
    app.db
      .transaction(async (tx) => {
        const [row] = await tx
          .select({ hintLadder: conversations.hintLadder })
          .from(conversations)
          .where(eq(conversations.id, ask.conversationId))
          .for('no key update');
        let prepared: PreparedHintStep;
        try {
          prepared = await prepareHintStep(app, ask.guru, row?.hintLadder ?? null, ask.question, ask.history);
        } catch (error) {
          reject(cannotPrepare(app, ask.guru, error));
          return;
        }
        resolve();
        await streamAnswer(app, tx, ask.conversationId, ask.askerId, prepared, out, false);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error, conversationId: ask.conversationId }, 'a hint ladder step failed');
        reject(cannotPrepare(app, ask.guru, error));
      })
      // The reply ends once the step is committed: whoever reads after `done` sees the ladder it left.
      .finally(() => endStream(out));
  });
}

async function streamAnswer(
  app: App,
  db: Pick<App['db'], 'insert' | 'update'>,
  conversationId: string,
  userId: string | null,
  prepared: PreparedAnswer | PreparedHintStep,
  out: PassThrough,
  end = true,
): Promise<void> {
  const send = (event: AskEvent) => {
    if (!out.destroyed && !out.writableEnded) out.write(`${JSON.stringify(event)}\n`);
  };
  let text = '';
  let failed = false;
  try {
    for await (const delta of prepared.stream) {
      text += delta;
      send({ type: 'text', delta });
    }
  } catch (error) {
    failed = true;
    app.log.error({ err: error, conversationId }, 'a guru answer stream failed');
  }
  try {
    if (!text.trim()) {
      send({ type: 'error', message: 'The guru cannot answer right now. Please try again in a moment.' });
      return;
    }
    send({ type: 'citations', citations: prepared.citations });
    const [saved] = await db
      .insert(conversationMessages)
      .values({
        conversationId,
        role: 'guru',
        text: text.trim(),
        citations: prepared.citations,
        notCovered: prepared.notCovered,
      })
      .returning({ id: conversationMessages.id });
    // The ladder moves on only with an answer saved; any other mode leaves none open.
    const ladder = 'nextLadder' in prepared ? prepared.nextLadder() : null;
    await db
      .update(conversations)
      .set({ lastMessageAt: sql`now()`, hintLadder: ladder })
      .where(eq(conversations.id, conversationId));
    // The student saw this answer arrive: it is not "new" to them.
    if (userId) await markRead(app, conversationId, userId);
    if (failed) send({ type: 'error', message: 'The answer was cut short. Please ask again.' });
    send({
      type: 'done',
      messageId: saved.id,
      notCovered: prepared.notCovered,
      awaitingTry: ladder !== null,
    });
  } catch (error) {
    app.log.error({ err: error, conversationId }, 'saving a guru answer failed');
    send({ type: 'error', message: 'Something went wrong' });
  } finally {
    if (end) endStream(out);
  }
}

function endStream(out: PassThrough): void {
  if (!out.destroyed && !out.writableEnded) out.end();
}
