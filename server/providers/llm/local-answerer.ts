import { STOP_WORDS } from './stop-words';
import type { Answerer, AnswerRequest, Passage, QuestionTerm } from './types';

/**
 * The default answerer: no network, no model. It answers with the material's own sentences — never anything
 * made up — chosen for what was asked, from the best passage (the one its first citation shows).
 */

/** Words that do not say whether a sentence answers a question: stop words and how a question is asked. */
const STOP = new Set([...STOP_WORDS, 'could', 'would', 'please', 'tell', 'explain', 'mean', 'means']);

/** A crude stem, enough to match "triangles" with "triangle" and "measuring" with "measure". */
const stem = (word: string) =>
  word
    .replace(/(ies|es|s|ing|ed|ly)$/, '')
    .replace(/e$/, '')
    .slice(0, 7);

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

export function keywords(text: string): Set<string> {
  return new Set(
    wordsOf(text)
      .filter((word) => !STOP.has(word) && word.length > 1)
      .map(stem),
  );
}

/** A passage's sentences, one line each: PDF line breaks and an FAQ's "Q: … A:" frame removed. */
export function sentencesOf(text: string): string[] {
  return (
    text
      .replace(/^Q: .*\nA: /s, '')
      .replace(/\s+/g, ' ')
      .match(/[^.!?]+(?:[.!?]+["')\]]?|$)/g) ?? []
  )
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/**
 * The question's topic words as stems — each its own, its forms' and (weaker) its related words' — and how
 * much finding it in a sentence says: a word found in fewer of the retrieved passages says more (inverse
 * document frequency: in a course about water, "water" is everywhere and "farms" is the question), and a
 * word of very many meanings says half as much.
 */
interface TermStems {
  own: Set<string>;
  related: Set<string>;
  weight: number;
}

function termStems(question: string, terms: QuestionTerm[], passages: Passage[]): TermStems[] {
  const given =
    terms.length > 0
      ? terms
      : [...keywords(question)].map((word) => ({ word, forms: [], related: [], weak: false }));
  const passageWords = passages.map((passage) => new Set(wordsOf(passage.text).map(stem)));
  const count = passageWords.length;
  return given
    .filter((term) => !STOP.has(term.word) && term.word.length > 1)
    .map((term) => {
      const own = new Set([term.word, ...term.forms].map(stem));
      const found = passageWords.filter((words) => [...own].some((word) => words.has(word))).length;
      const rarity = Math.log(1 + count / Math.max(1, found)) / Math.log(1 + count);
      return { own, related: new Set(term.related.map(stem)), weight: rarity * (term.weak ? 0.5 : 1) };
    });
}

/** What kind of answer the question wants, and the words that mark a sentence giving it. */
const INTENTS: { asks: RegExp; marks: RegExp }[] = [
  // Why → a cause.
  {
    asks: /^\s*(why|how come)\b|\bwhat (causes|makes)\b|\breason\b/i,
    marks: /\b(because|so|since|therefore|due to|cause[sd]?|reason|as a result|makes?|when|once)\b/i,
  },
  // How often → a frequency.
  {
    asks: /\bhow (often|frequently)\b|\bhow many times\b/i,
    marks: /\b(every|each|daily|weekly|monthly|yearly|once|twice|times|always|usually|often|never)\b/i,
  },
  // How much, many, long, far, big… → a quantity.
  {
    asks: /\bhow (much|many|long|far|big|fast|tall|old|heavy|large)\b/i,
    marks:
      /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|million|billion|half|third|quarter)s?\b/i,
  },
  // What is, who is, define → a definition.
  {
    asks: /^\s*(what|who) (is|are|was|were)\b|\bdefin|\bmeaning of\b|\bwhat does .* mean\b/i,
    marks: /\b(is|are) (called|known as|a|an|the)\b|\bcalled\b|\bmeans\b|\brefers to\b|\bknown as\b/i,
  },
];
const INTENT_BONUS = 0.5;
/** A sentence holding a related word ("vapour" for "evaporation") is weaker evidence than the word itself. */
const RELATED = 0.5;
/** Sentences scoring at least this share of the best one are part of the answer too. */
const NEARLY_AS_GOOD = 0.65;
/** A sentence that leans on the one before it ("This loss of water…") is not given alone. */
const LEANS_BACK = /^(this|these|that|those|it|its|they|their|so|then|also|here)\b/i;
/** A why or how question wants the explanation, which often takes the next sentence too. */
const EXPLAINS = /^\s*(why|how)\b(?!\s+(much|many|long|far|big|fast|tall|old|often))/i;
/** Two things compared: each side gets its sentence. */
const COMPARES = /\b(difference|differ|compare|comparison|versus|vs\.?)\b|\bbetween\b/i;

interface Scored {
  sentence: string;
  order: number;
  score: number;
  /** Indexes of the topic words it holds. */
  covers: Set<number>;
}

function score(sentence: string, order: number, stems: TermStems[], question: string): Scored {
  const words = new Set(wordsOf(sentence).map(stem));
  const covers = new Set<number>();
  let total = 0;
  for (const [index, term] of stems.entries()) {
    if ([...term.own].some((word) => words.has(word))) {
      total += term.weight;
      covers.add(index);
    } else if ([...term.related].some((word) => words.has(word))) {
      total += RELATED * term.weight;
      covers.add(index);
    }
  }
  for (const intent of INTENTS) {
    if (total > 0 && intent.asks.test(question) && intent.marks.test(sentence)) total += INTENT_BONUS;
  }
  return { sentence, order, score: total, covers };
}

/**
 * The one to three sentences of the best passage that answer what was asked, in the order the material says
 * them: the best one, others nearly as good, the sentence before one that leans on it, and for a
 * comparison a sentence for each side. An FAQ passage is answered by its answer as a whole.
 */
export function pickSentences(
  question: string,
  passages: Passage[],
  max = 3,
  terms: QuestionTerm[] = [],
): { sentences: string[]; source: Passage } {
  const source = passages[0];
  if (source.sourceKind === 'course_faq' || source.sourceKind === 'guru_faq') {
    return { sentences: sentencesOf(source.text), source };
  }
  const stems = termStems(question, terms, passages);
  const all = sentencesOf(withoutHeading(source)).map((sentence, order) =>
    score(sentence, order, stems, question),
  );
  const ranked = [...all]
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  if (ranked.length === 0) return { sentences: all.slice(0, max).map((item) => item.sentence), source };

  const chosen = new Set<Scored>([ranked[0]]);
  const top = ranked[0].score;
  for (const item of ranked.slice(1)) {
    if (chosen.size >= max) break;
    if (item.score >= top * NEARLY_AS_GOOD) chosen.add(item);
  }
  if (COMPARES.test(question)) {
    // Each compared thing in some chosen sentence, when the passage has one for it.
    const covered = new Set([...chosen].flatMap((item) => [...item.covers]));
    for (const item of ranked) {
      if (chosen.size >= max) break;
      if ([...item.covers].some((index) => !covered.has(index))) {
        chosen.add(item);
        for (const index of item.covers) covered.add(index);
      }
    }
  }
  for (const item of [...chosen]) {
    const before = all[item.order - 1];
    if (LEANS_BACK.test(item.sentence) && before && !chosen.has(before) && chosen.size < max)
      chosen.add(before);
  }
  if (EXPLAINS.test(question)) {
    // An explanation runs on: the sentence after the best one, when it carries on its subject ("The sun
    // heats water…" → "Heated water turns into…").
    const best = ranked[0];
    const next = all[best.order + 1];
    const bestWords = keywords(best.sentence);
    const carriesOn = next && [...keywords(next.sentence)].some((word) => bestWords.has(word));
    if (next && carriesOn && !chosen.has(next) && chosen.size < max) chosen.add(next);
  }
  const sentences = [...chosen].sort((a, b) => a.order - b.order).map((item) => item.sentence);
  return { sentences, source };
}

/** The passage's text without its heading glued to the front (lessons narrated before titles were apart). */
function withoutHeading(passage: Passage): string {
  const text = passage.text.trim();
  const heading = passage.heading.trim();
  // Glued means a new sentence starts right after the title ("Why Ice Floats Water expands…"); a heading
  // that is the sentence's own first word ("Chlorophyll in the leaves…") stays.
  const rest = text.slice(heading.length);
  if (heading && text.toLowerCase().startsWith(heading.toLowerCase()) && /^[\s:.–—-]+[A-Z0-9"“]/.test(rest)) {
    return rest.replace(/^[\s:.–—-]+/, '');
  }
  return text;
}

/** What the student is asked to think about first in hints mode: the slide's title or the question's topic. */
function topicOf(passage: Passage, question: string): string {
  if (passage.heading) return passage.heading.charAt(0).toLowerCase() + passage.heading.slice(1);
  const words = wordsOf(question).filter((word) => !STOP.has(word) && word.length > 2);
  return words.slice(-3).join(' ') || 'this';
}

/**
 * The whole answer text, plain prose for reading and speaking: the chosen sentences only. Where the answer is
 * comes with the citations (shown as chips that open the moment), never in the text, so it is never read
 * aloud. Hints-first mode asks a guiding question and gives one hint before the answer.
 */
export function composeLocalAnswer(request: AnswerRequest): string {
  const { sentences, source } = pickSentences(request.question, request.passages, 3, request.terms);
  if (request.guru.teachingMode !== 'hints') return sentences.join(' ');
  const guiding = `Let's work it out together: what do you already know about ${topicOf(source, request.question)}?`;
  if (sentences.length === 1) {
    // The sentence next to the answer sets the scene without giving it away.
    const all = sentencesOf(withoutHeading(source));
    const at = all.indexOf(sentences[0]);
    const context = all[at - 1] ?? all[at + 1];
    const hint = context ? `Here is a hint: ${context}` : 'Think about it for a moment.';
    return `${guiding} ${hint} If you are still stuck, here is the answer: ${sentences[0]}`;
  }
  const [hint, ...rest] = sentences;
  return `${guiding} Here is a hint: ${hint} If you are still stuck, here is the rest: ${rest.join(' ')}`;
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
