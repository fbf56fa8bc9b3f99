import { PassThrough, type Readable } from 'node:stream';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AskEvent } from '../../../common/contracts/gurus';
import { GURU_MSG } from '../../../common/gurus';
import type { Locale } from '../../../common/i18n/locales';
import { MSG } from '../../../common/messages';
import type { HintLadderState } from '../../db/schema/hint-ladder-state';
import { conversationMessages, conversations } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, forbidden } from '../../http/errors';
import { speak, translate } from '../../http/locale';
import { said } from '../../i18n/said';
import type { AnswerRequest } from '../../providers/llm/types';
import { announceLearning } from '../common/learning-events';
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
  locale: Locale = 'en',
): Promise<Readable> {
  const opened = await loadConversation(app, actor, conversationId);
  if (!opened.isStudent) throw forbidden(said('server.conversations.onlyStudentAsks'));
  return askInConversation(app, opened, actor.userId, question, locale);
}

/**
 * Asks the guru of a conversation whose holder the caller has been checked to be: a student (askerId) or an
 * anonymous visitor of an embedding site (null; server/modules/embed/). `locale` is the asker's interface
 * language (http/locale.ts localeOf): a refusal is written in it unless the question is in another one.
 */
export async function askInConversation(
  app: App,
  { conversation, guru }: { conversation: ConversationRowDb; guru: GuruRow },
  askerId: string | null,
  question: string,
  locale: Locale = 'en',
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

  // Hints mode: one step at a time on the ladder kept with the conversation (hint-ladder.ts), claimed before
  // the try is saved so a refused one leaves nothing behind.
  const ladder = guru.teachingMode === 'hints' ? await claimHintStep(app, conversation.id) : undefined;
  try {
    await app.db
      .insert(conversationMessages)
      .values({ conversationId: conversation.id, role: 'user', authorId: askerId, text: question });
  } catch (error) {
    if (ladder !== undefined) await releaseHintStep(app, conversation.id);
    throw error;
  }
  await app.db
    .update(conversations)
    .set({
      lastMessageAt: sql`now()`,
      // The first question names the session in lists and search.
      title: conversation.title || question.slice(0, TITLE_MAX),
    })
    .where(eq(conversations.id, conversation.id));
  // xAPI statements (decision 078): a learner's question (not an anonymous visitor's); listeners only queue.
  if (askerId) {
    await announceLearning(app, {
      kind: 'guru-asked',
      userId: askerId,
      guru: { id: guru.id, name: guru.name },
      courseId: conversation.courseId,
      conversationId: conversation.id,
      question,
      at: new Date(),
    });
  }

  const out = new PassThrough();
  // A client that hangs up destroys the stream; that must never become an unhandled error.
  out.on('error', () => {});
  if (ladder !== undefined) {
    await answerOnLadder(
      app,
      { conversationId: conversation.id, guru, askerId, question, history, ladder, locale },
      out,
    );
    return out;
  }
  let prepared: PreparedAnswer;
  try {
    prepared = await prepareAnswer(app, guru, question, history, locale);
  } catch (error) {
    throw cannotPrepare(app, guru, error);
  }
  void streamAnswer(app, conversation.id, askerId, prepared, out, locale);
  return out;
}

function cannotPrepare(app: App, guru: GuruRow, error: unknown): AppError {
  app.log.error({ err: error, guruId: guru.id }, 'preparing a guru answer failed');
  return new AppError('UNAVAILABLE', said('server.conversations.cannotAnswer'));
}

/**
 * Claims the conversation's hint ladder for one step with a single conditional UPDATE and returns the ladder
 * as it stands. A second try sent while a step runs is refused (409) before anything is saved, so two tries
 * are never judged on the same ladder (a step lost, a fourth try) — and no database connection is held while
 * the reply streams (a class asking at once must not use up the pool). The claim ends when the reply is saved
 * (streamAnswer) or the step fails (releaseHintStep).
 */
async function claimHintStep(app: App, conversationId: string): Promise<HintLadderState | null> {
  const [claimed] = await app.db
    .update(conversations)
    .set({ hintStepSince: sql`now()` })
    .where(
      and(
        eq(conversations.id, conversationId),
        or(
          isNull(conversations.hintStepSince),
          // A claim this old belongs to a step that crashed or hung: the next try takes the ladder over.
          lt(conversations.hintStepSince, sql`now() - interval '3 minutes'`),
        ),
      ),
    )
    .returning({ hintLadder: conversations.hintLadder });
  if (!claimed) throw new AppError('CONFLICT', GURU_MSG.stillAnswering);
  return claimed.hintLadder ?? null;
}

async function releaseHintStep(app: App, conversationId: string): Promise<void> {
  await app.db.update(conversations).set({ hintStepSince: null }).where(eq(conversations.id, conversationId));
}

/**
 * One step of the hint ladder, on the ladder claimHintStep took. Resolves once the step is prepared; the reply
 * streams into `out`, and the claim ends with the saved reply and the next ladder.
 */
async function answerOnLadder(
  app: App,
  ask: {
    conversationId: string;
    guru: GuruRow;
    askerId: string | null;
    question: string;
    history: AnswerRequest['history'];
    ladder: HintLadderState | null;
    locale: Locale;
  },
  out: PassThrough,
): Promise<void> {
  let prepared: PreparedHintStep;
  try {
    prepared = await prepareHintStep(app, ask.guru, ask.ladder, ask.question, ask.history, ask.locale);
  } catch (error) {
    await releaseHintStep(app, ask.conversationId);
    throw cannotPrepare(app, ask.guru, error);
  }
  void streamAnswer(app, ask.conversationId, ask.askerId, prepared, out, ask.locale).then(async (saved) => {
    // A saved reply freed the ladder with its answer; freeing it again could free the next try's claim, taken
    // the moment this answer arrived. Only a reply that failed before it was saved frees it here.
    if (saved) return;
    await releaseHintStep(app, ask.conversationId).catch((error: unknown) =>
      app.log.error({ err: error, conversationId: ask.conversationId }, 'freeing a hint ladder step failed'),
    );
  });
}

async function streamAnswer(
  app: App,
  conversationId: string,
  userId: string | null,
  prepared: PreparedAnswer | PreparedHintStep,
  out: PassThrough,
  /** The asker's interface language (localeOf): what a failure is told in. */
  locale: Locale,
): Promise<boolean> {
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
      send({ type: 'error', message: translate(locale, 'server.conversations.cannotAnswer') });
      return false;
    }
    send({ type: 'citations', citations: prepared.citations });
    const [saved] = await app.db
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
    await app.db
      .update(conversations)
      .set({ lastMessageAt: sql`now()`, hintLadder: ladder, hintStepSince: null })
      .where(eq(conversations.id, conversationId));
    // The student saw this answer arrive: it is not "new" to them.
    if (userId) await markRead(app, conversationId, userId);
    if (failed) send({ type: 'error', message: translate(locale, 'server.conversations.answerCutShort') });
    send({
      type: 'done',
      messageId: saved.id,
      notCovered: prepared.notCovered,
      awaitingTry: ladder !== null,
    });
    return true;
  } catch (error) {
    app.log.error({ err: error, conversationId }, 'saving a guru answer failed');
    send({ type: 'error', message: speak(locale, MSG.somethingWrong) });
    return false;
  } finally {
    endStream(out);
  }
}

function endStream(out: PassThrough): void {
  if (!out.destroyed && !out.writableEnded) out.end();
}
