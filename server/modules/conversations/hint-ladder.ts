import { isLocale, type Locale } from '../../../common/i18n/locales';
import { languageOfText } from '../../../common/languages';
import type { HintLadderState } from '../../db/schema/hint-ladder-state';
import type { App } from '../../http/app-type';
import { translate } from '../../http/locale';
import { LAST_TRY, VERDICT_TAGS } from '../../providers/llm/hint-prompts';
import { composeLocalAnswer, deltas } from '../../providers/llm/local-answerer';
import type { AnswerRequest, HintStep } from '../../providers/llm/types';
import type { GuruRow } from '../gurus/access';
import { citationsOf, notCoveredReply, type PreparedAnswer } from '../gurus/answering';
import { questionTerms, retrievePassages } from '../gurus/retrieval';
import {
  answerKeys,
  asksForAnswer,
  buildHints,
  feedbackOf,
  isNewQuestion,
  judgeTry,
  type Verdict,
} from './hint-ladder-text';

/**
 * A hints-mode guru's ladder (decision 058). A question opens it: the reply gives one hint, never the answer.
 * Each later message is a try, judged against the course (right, partly, not yet: saying which part) and
 * answered with the next hint; the full answer comes when the student asks for it or after the third try,
 * and a right try closes the ladder with it. A new question opens a new ladder. The state is the
 * conversation's (hint-ladder-state.ts), so the app and the embedded guru continue the same ladder. The
 * local answerer's words come from hint-ladder-text.ts; a model (LLM_BASE_URL) gets the step's rules
 * (hint-prompts.ts) and starts a judging reply with a verdict tag, taken off before the student sees it.
 * The local answerer's own sentences around the course's are said in the ladder's language (ladderLocale).
 */
export interface PreparedHintStep extends PreparedAnswer {
  /** The ladder after this reply: null when it closed or none opened. Read once the stream has ended. */
  nextLadder(): HintLadderState | null;
}

/**
 * The language the ladder speaks in: the course's, as its answer is written (the local answerer quotes the
 * course's sentences, so a Hindi course is answered in Hindi, decision 065) — its framing ("Here is a hint: …",
 * "Not yet: …") goes around those sentences in the same language. A course in a language the interface does not
 * speak is framed in the asker's.
 */
export function ladderLocale(answer: string, asker: Locale): Locale {
  const written = languageOfText(answer);
  return isLocale(written) ? written : asker;
}

export async function prepareHintStep(
  app: App,
  guru: GuruRow,
  open: HintLadderState | null,
  message: string,
  history: AnswerRequest['history'],
  asker: Locale = 'en',
): Promise<PreparedHintStep> {
  if (open && asksForAnswer(message)) return reveal(app, guru, open, message, history, asker);
  if (open && !isNewQuestion(message, open.question)) return judge(app, guru, open, message, history, asker);
  return openLadder(app, guru, message, history, asker);
}

function guruOf(guru: GuruRow): AnswerRequest['guru'] {
  return { name: guru.name, subject: guru.subject, instructions: guru.instructions, teachingMode: 'hints' };
}

const usesModel = (app: App) => app.answerer.name !== 'local';

/** The local answerer's text, streamed in deltas as a model's would be. */
async function* streamed(text: string): AsyncGenerator<string> {
  for (const delta of deltas(text)) {
    yield delta;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function step(
  fields: Omit<PreparedHintStep, 'nextLadder' | 'citations'> & {
    citations: () => PreparedHintStep['citations'];
  },
  next: () => HintLadderState | null,
): PreparedHintStep {
  return {
    passages: fields.passages,
    notCovered: fields.notCovered,
    stream: fields.stream,
    get citations() {
      return fields.citations();
    },
    nextLadder: next,
  };
}

async function openLadder(
  app: App,
  guru: GuruRow,
  question: string,
  history: AnswerRequest['history'],
  asker: Locale,
): Promise<PreparedHintStep> {
  const terms = await questionTerms(question);
  const passages = await retrievePassages(app, guru.id, question, 5, terms);
  if (passages.length === 0) {
    const reply = await notCoveredReply(app, guru.id, question, asker);
    return step({ passages, notCovered: true, stream: streamed(reply), citations: () => [] }, () => null);
  }
  const request: AnswerRequest = { guru: guruOf(guru), question, passages, terms, history };
  const answer = composeLocalAnswer({ ...request, guru: { ...request.guru, teachingMode: 'direct' } }).trim();
  const keys = answerKeys(question, answer, passages);
  const locale = ladderLocale(answer, asker);
  const hints = buildHints(question, answer, passages, keys, locale);
  const citations = citationsOf(passages);
  if (keys.length === 0 || hints.length === 0) {
    // Nothing to work out (the answer only repeats the question's words): the answer itself.
    return step(
      { passages, notCovered: false, stream: streamed(answer), citations: () => citations },
      () => null,
    );
  }
  const ladder: HintLadderState = { question, passages, answer, citations, hints, given: 1, tries: 0 };
  const stream = usesModel(app)
    ? app.answerer.answer({ ...request, hintStep: { kind: 'open' } })
    : streamed(translate(locale, 'server.conversations.hintOpen', { hint: hints[0] }));
  // No sources while the student works it out: a source's quote would give the answer away.
  return step({ passages, notCovered: false, stream, citations: () => [] }, () => ladder);
}

async function judge(
  app: App,
  guru: GuruRow,
  open: HintLadderState,
  attempt: string,
  history: AnswerRequest['history'],
  asker: Locale,
): Promise<PreparedHintStep> {
  const tries = open.tries + 1;
  const judgement = judgeTry(
    attempt,
    open.question,
    open.answer,
    answerKeys(open.question, open.answer, open.passages),
    open.passages,
  );
  const closes = (verdict: Verdict) => verdict === 'right' || tries >= LAST_TRY;
  const next = (verdict: Verdict) =>
    closes(verdict) ? null : { ...open, tries, given: Math.min(open.given + 1, open.hints.length) };
  if (usesModel(app)) {
    let verdict: Verdict = judgement.verdict;
    let cited = open.citations;
    const stream = withoutVerdict(
      app.answerer.answer({
        ...modelRequest(guru, open, attempt, history),
        hintStep: { kind: 'judge', question: open.question, try: tries, answer: open.answer },
        onCite: (chunkIds) => {
          cited = citedOf(open, chunkIds);
        },
      }),
      (tagged) => {
        verdict = tagged;
      },
    );
    return step(
      { passages: open.passages, notCovered: false, stream, citations: () => (closes(verdict) ? cited : []) },
      () => next(verdict),
    );
  }
  const locale = ladderLocale(open.answer, asker);
  const feedback = feedbackOf(judgement, locale);
  let text: string;
  if (judgement.verdict === 'right') text = `${feedback} ${open.answer}`;
  else if (tries >= LAST_TRY)
    text = `${feedback} ${translate(locale, 'server.conversations.hintAnswer', { answer: open.answer })}`;
  else {
    // Out of hints (a short passage): the last one again.
    const hint = open.hints[Math.min(open.given, open.hints.length - 1)];
    text = `${feedback} ${hint} ${translate(locale, 'server.conversations.hintTryAgain')}`;
  }
  return step(
    {
      passages: open.passages,
      notCovered: false,
      stream: streamed(text),
      citations: () => (closes(judgement.verdict) ? open.citations : []),
    },
    () => next(judgement.verdict),
  );
}

async function reveal(
  app: App,
  guru: GuruRow,
  open: HintLadderState,
  message: string,
  history: AnswerRequest['history'],
  asker: Locale,
): Promise<PreparedHintStep> {
  let cited = open.citations;
  const stream = usesModel(app)
    ? app.answerer.answer({
        ...modelRequest(guru, open, message, history),
        hintStep: { kind: 'reveal', question: open.question } satisfies HintStep,
        onCite: (chunkIds) => {
          cited = citedOf(open, chunkIds);
        },
      })
    : streamed(
        translate(ladderLocale(open.answer, asker), 'server.conversations.hintAnswer', {
          answer: open.answer,
        }),
      );
  return step({ passages: open.passages, notCovered: false, stream, citations: () => cited }, () => null);
}

function modelRequest(
  guru: GuruRow,
  open: HintLadderState,
  message: string,
  history: AnswerRequest['history'],
): AnswerRequest {
  return { guru: guruOf(guru), question: message, passages: open.passages, terms: [], history };
}

/** The citations of the passages a model cited; the ladder's own when it cited none. */
function citedOf(open: HintLadderState, chunkIds: string[]) {
  const passages = chunkIds.flatMap((id) => open.passages.filter((passage) => passage.chunkId === id));
  return passages.length > 0 ? citationsOf(passages) : open.citations;
}

const TAGS = Object.entries(VERDICT_TAGS) as [Verdict, string][];

/** A model's reply without the verdict tag it starts with; `found` hears the verdict when there is one. */
export async function* withoutVerdict(
  stream: AsyncIterable<string>,
  found: (verdict: Verdict) => void,
): AsyncGenerator<string> {
  let head = '';
  let deciding = true;
  let afterTag = false;
  for await (const delta of stream) {
    if (!deciding) {
      const shown = afterTag ? delta.trimStart() : delta;
      if (shown) afterTag = false;
      if (shown) yield shown;
      continue;
    }
    head += delta;
    const start = head.trimStart().toUpperCase();
    const tagged = TAGS.find(([, tag]) => start.startsWith(tag));
    if (tagged) {
      found(tagged[0]);
      deciding = false;
      const rest = head.trimStart().slice(tagged[1].length).trimStart();
      afterTag = rest === '';
      if (rest) yield rest;
    } else if (!TAGS.some(([, tag]) => tag.startsWith(start))) {
      deciding = false;
      yield head;
    }
  }
  if (deciding && head) yield head;
}
