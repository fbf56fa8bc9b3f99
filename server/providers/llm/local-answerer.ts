import { whereToLook } from './citation-label';
import type { Answerer, AnswerRequest, Passage } from './types';

/** Words too common to say whether a sentence answers a question. */
const STOP = new Set(
  'a an and are as at be but by can could did do does for from had has have how i if in into is it its me my of on or our so than that the their them then there these they this to was we what when where which who why will with would you your about please tell explain mean means'.split(
    ' ',
  ),
);

/** A crude stem, enough to match "triangles" with "triangle" and "measuring" with "measure". */
const stem = (word: string) =>
  word
    .replace(/(ies|es|s|ing|ed|ly)$/, '')
    .replace(/e$/, '')
    .slice(0, 7);

export function keywords(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
      .filter((word) => !STOP.has(word) && word.length > 1)
      .map(stem),
  );
}

export function sentencesOf(text: string): string[] {
  return (text.replace(/^Q: .*\nA: /s, '').match(/[^.!?]+(?:[.!?]+["')\]]?|$)/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

interface Scored {
  sentence: string;
  passageIndex: number;
  order: number;
  score: number;
}

/**
 * The sentences that answer the question: from the best passages, those sharing the most of its key words,
 * kept in the order the material says them. An FAQ passage is answered by its answer as a whole.
 */
export function pickSentences(
  question: string,
  passages: Passage[],
  max = 3,
): { sentences: string[]; source: Passage } {
  const wanted = keywords(question);
  const best = passages[0];
  if (best.sourceKind === 'course_faq' || best.sourceKind === 'guru_faq') {
    return { sentences: sentencesOf(best.text), source: best };
  }
  const scored: Scored[] = [];
  for (const [passageIndex, passage] of passages.slice(0, 3).entries()) {
    for (const [order, sentence] of sentencesOf(passage.text).entries()) {
      const words = keywords(sentence);
      let score = 0;
      for (const word of wanted) if (words.has(word)) score += 1;
      // Ties go to the better-ranked passage.
      scored.push({ sentence, passageIndex, order, score: score - passageIndex * 0.1 });
    }
  }
  const top = scored
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, max);
  if (top.length === 0) return { sentences: sentencesOf(best.text).slice(0, max), source: best };
  const source = passages[top[0].passageIndex];
  const chosen = top
    .filter((item) => item.passageIndex === top[0].passageIndex)
    .sort((a, b) => a.order - b.order)
    .map((item) => item.sentence);
  return { sentences: chosen, source };
}

/** The whole answer text: the material's own sentences, never anything made up, and where they are. */
export function composeLocalAnswer(request: AnswerRequest): string {
  const { sentences, source } = pickSentences(request.question, request.passages);
  const where = whereToLook(source);
  if (request.guru.teachingMode === 'hints') {
    const [hint, ...rest] = sentences;
    const tail = rest.length > 0 ? ` If you are still stuck: ${rest.join(' ')}` : '';
    return `Here is a hint: ${hint} Have a look at ${where} and try to work it out yourself.${tail}`;
  }
  return `${sentences.join(' ')} (See ${where}.)`;
}

/** Splits text into deltas of a few words each, as a model would stream them. */
export function* deltas(text: string, wordsPerDelta = 3): Generator<string> {
  const words = text.split(/(?<=\s)/);
  for (let index = 0; index < words.length; index += wordsPerDelta) {
    yield words.slice(index, index + wordsPerDelta).join('');
  }
}

/** The default answerer: no network, grounded in the retrieved passages only. */
export function localAnswerer(): Answerer {
  return {
    name: 'local',
    async *answer(request, signal) {
      for (const delta of deltas(composeLocalAnswer(request))) {
        if (signal?.aborted) return;
        yield delta;
        // Let the response flush between deltas, as a streamed model answer would.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
