import {
  type AskedFor,
  definitionTarget,
  givesWhatIsAsked,
  intentOf,
  isRecap,
  statementFor,
  stemOf,
  wordsIn,
} from './answer-intents';
import {
  hindiDefinitionTarget,
  hindiExplainsTerm,
  hindiFocus,
  hindiStatesCount,
  isDevanagari,
} from './hindi';
import { STOP_WORDS } from './stop-words';
import type { Answerer, AnswerRequest, Passage, QuestionTerm } from './types';

/**
 * The default answerer: no network, no model. It first says what was asked in a sentence of its own, made
 * from the question's and the course's words ("A hexagon has six sides."), then gives the course sentence
 * that says it — never anything made up — from the passage that answers best (the one its first citation
 * shows). Decision 057.
 */

/** Words that do not say whether a sentence answers a question: stop words and how a question is asked. */
const STOP = new Set([
  ...STOP_WORDS,
  'could',
  'would',
  'please',
  'tell',
  'explain',
  'mean',
  'means',
  'many',
  'much',
  'kind',
  'kinds',
  'type',
  'types',
  'difference',
  'happens',
  'happen',
]);

const stem = stemOf;

/** Words in any script (Unicode word boundaries, Intl.Segmenter), lower case. */
const wordsOf = (text: string) => wordsIn(text.toLocaleLowerCase());

export function keywords(text: string): Set<string> {
  return new Set(
    wordsOf(text)
      .filter((word) => !STOP.has(word) && word.length > 1)
      .map(stem),
  );
}

/** One initial: a capital, or a Devanagari letter with its signs ("V.", "डी."). */
const INITIAL = String.raw`(?:\p{Lu}|(?=\p{Script=Devanagari})\p{L}\p{M}*)`;
/**
 * Points that end no sentence: between digits ("1.5 volts"), after a title's abbreviation ("St. Martin", "डॉ. किचलू", "Dr.
 * Rao") and between initials ("V. D. Savarkar", "वी. डी. सावरकर"); a single capital alone may end one ("vitamin D.").
 */
const NOT_AN_END = [
  String.raw`(?<=\p{Nd})\.(?=\p{Nd})`,
  String.raw`(?<=(?:^|[\s(])(?:St|Dr|Mr|Mrs|Ms|Prof|Jr|Sr|Mt|Capt|Gen|Lt|Col|Sgt|Rev|vs|e\.g|i\.e|डॉ|प्रो))\.(?=\s)`,
  String.raw`(?<=(?:^|[\s(])${INITIAL})\.(?=\s${INITIAL}\.)`,
  String.raw`(?<=(?:^|[\s(])${INITIAL}\.\s${INITIAL})\.`,
].join('|');
const SENTENCE = new RegExp(String.raw`(?:[^.!?।]|${NOT_AN_END})+(?:[.!?।]+["')\]]?|$)`, 'gu');

/** A passage's sentences, one line each: PDF line breaks and an FAQ's "Q: … A:" frame removed. */
export function sentencesOf(text: string): string[] {
  return (
    text
      .replace(/^Q: .*\nA: /s, '')
      .replace(/\s+/g, ' ')
      .match(SENTENCE) ?? []
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
  // A Hindi question's words beside its question word are what it asks about (hindi.ts hindiFocus).
  const focus = isDevanagari(question) ? new Set([...hindiFocus(question)].map(stem)) : new Set<string>();
  return given
    .filter((term) => !STOP.has(term.word) && term.word.length > 1)
    .map((term) => {
      const own = new Set([term.word, ...term.forms].map(stem));
      const found = passageWords.filter((words) => [...own].some((word) => words.has(word))).length;
      const rarity = Math.log(1 + count / Math.max(1, found)) / Math.log(1 + count);
      const focused = [...own].some((word) => focus.has(word)) ? FOCUS : 1;
      return {
        own,
        related: new Set(term.related.map(stem)),
        weight: rarity * (term.weak ? 0.5 : 1) * focused,
      };
    });
}

/** What a Hindi question's focus word weighs against its other words (hindiFocus). */
const FOCUS = 2;
/** A sentence giving what the question asks for (a number, a cause, a definition…) scores this much more. */
const INTENT_BONUS = 0.5;
/** A sentence holding a related word ("vapour" for "evaporation") is weaker evidence than the word itself. */
const RELATED = 0.5;
/** Sentences scoring at least this share of the best one are part of the answer too. */
const NEARLY_AS_GOOD = 0.65;
/**
 * A sentence that leans on the one before it ("This loss of water…") is not given alone. In Hindi only a name
 * given to what the sentence before described does ("इन छिद्रों को रंध्र कहते हैं", "पोषण की इस विधि को … कहते
 * हैं"): "यह अपनी धुरी पर … घूमती है" states its fact whole. (JavaScript's \b is ASCII's.)
 */
const LEANS_BACK =
  /^(this|these|that|those|it|its|they|their|so|then|also|here)\b|^\p{L}+(?:\s+\p{L}+)?\s+(?:this|these|those)\s+\p{L}|^(?:[\p{L}\p{M}]+\s+){0,2}(?:(?:इन|इस|इसी|इन्हीं|ऐसे|ऐसी|ऐसा)\s+[\p{L}\p{M}]+\s+को|इसे|इन्हें)\s[^;,।]*?(?:कहते|कहलाते|कहलाता|कहलाती)(?![\p{L}\p{M}])/iu;
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

function score(
  sentence: string,
  order: number,
  stems: TermStems[],
  question: string,
  intent: AskedFor = intentOf(question),
): Scored {
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
  if (total > 0 && givesWhatIsAsked(intent, question, sentence)) total += INTENT_BONUS;
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
  if (isFaq(source)) return { sentences: sentencesOf(source.text), source };
  const { sentences } = pickFrom(source, question, termStems(question, terms, passages), max);
  return { sentences, source };
}

const isFaq = (passage: Passage) => passage.sourceKind === 'course_faq' || passage.sourceKind === 'guru_faq';

/** A passage's sentences scored for the question, and those that answer it (see pickSentences). */
function pickFrom(
  source: Passage,
  question: string,
  stems: TermStems[],
  max: number,
): { sentences: string[]; all: Scored[]; ranked: Scored[] } {
  const all = sentencesOf(withoutHeading(source)).map((sentence, order) =>
    score(sentence, order, stems, question),
  );
  const ranked = [...all]
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  if (ranked.length === 0) return { sentences: all.slice(0, max).map((item) => item.sentence), all, ranked };

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
  return { sentences, all, ranked };
}

/** How many of the best passages the direct answer looks at, and what being further down costs a passage. */
const CONSIDERED = 3;
const LOWER_PASSAGE = 0.35;
/** What being a recap costs (more than a place further down: a teaching passage as good answers instead). */
const RECAP_COST = 0.5;
/** A passage whose heading is the term a "what is" question asks about, or that says "<term> is…". */
const EXPLAINS_TERM = 1;
/** A passage that states the asked fact in the question's clause: worth being one place further down. */
const STATES = LOWER_PASSAGE;

/**
 * The direct answer: the sentence of its own that states what was asked, then the course sentence that
 * supports it (and the one before it when it leans on it), from the passage among the best three that
 * answers best — the first unless another clearly answers better (issue 31: "which bridge is best for a long
 * span" answered from the wind-tunnel slide). An FAQ passage first is answered by its answer as a whole.
 */
export function directAnswer(request: Pick<AnswerRequest, 'question' | 'passages' | 'terms'>): {
  text: string;
  source: Passage;
} {
  const { question, passages } = request;
  if (isFaq(passages[0])) return { text: sentencesOf(passages[0].text).join(' '), source: passages[0] };
  const intent = intentOf(question);
  const stems = termStems(question, request.terms, passages);
  const target = definitionTarget(question)?.toLocaleLowerCase();
  const hindiTarget = isDevanagari(question) ? hindiDefinitionTarget(question) : null;
  let source = passages[0];
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const [index, passage] of passages.slice(0, CONSIDERED).entries()) {
    if (isFaq(passage)) continue;
    const { ranked, all } = pickFrom(passage, question, stems, 3);
    let value = (ranked[0]?.score ?? 0) - index * LOWER_PASSAGE;
    // A recap says again, shorter, what a teaching passage says: that one answers when it does as well.
    if (isRecap(passage.heading)) value -= RECAP_COST;
    // A number or a time cannot come from a passage that holds none: for "how many / how long" and "when"
    // a passage whose best sentence does not give one is the weaker by what giving it is worth (round two:
    // "How long does a worker bee live?" answered from "No bee can survive for long on its own").
    if (
      (intent === 'count' || intent === 'time' || intent === 'cause') &&
      ranked[0] &&
      !givesWhatIsAsked(intent, question, ranked[0].sentence)
    )
      value -= INTENT_BONUS;
    // A passage from whose best sentences the asked fact can be stated in the question's own clause ("Bees
    // make their wax from glands…") answers better than one a rank higher that only shares words with it.
    const states = ranked
      .slice(0, 2)
      .some(
        (item) =>
          givesWhatIsAsked(intent, question, item.sentence) &&
          statementFor(intent, question, item.sentence, all[item.order - 1]?.sentence) !== null,
      );
    if (states) value += STATES;
    // (A recap names the term too, in a sentence that says it again shorter: "Frequency sets the pitch.")
    if (
      target &&
      !isRecap(passage.heading) &&
      (passage.heading.toLocaleLowerCase().replace(/s$/, '') === target.replace(/s$/, '') ||
        sentencesOf(withoutHeading(passage)).some(
          (sentence) =>
            sentence
              .toLocaleLowerCase()
              .replace(/^(a|an|the) /, '')
              .startsWith(`${target} `) &&
            // "Magma is lighter than…" compares; it does not say what magma is.
            !/^\S+(?:\s+\S+)?\s+(?:is|are)\s+(?:\p{L}+er|more\s+\p{L}+|less\s+\p{L}+)\s+than\b/iu.test(
              sentence.replace(/^(a|an|the) /i, ''),
            ),
        ))
    )
      value += EXPLAINS_TERM;
    // A Hindi passage that says what the asked term is ("पोषण: …", "… को रंध्र कहते हैं").
    if (
      hindiTarget &&
      !isRecap(passage.heading) &&
      hindiExplainsTerm(hindiTarget, passage.heading, sentencesOf(withoutHeading(passage)))
    )
      value += EXPLAINS_TERM;
    // A heading that asks the question's own question ("Why the angles make 180°" for "Why do the angles of
    // a triangle add up to 180 degrees?") names the passage written to answer it, as a "what is" term's does.
    if (asksAsHeading(question, passage.heading)) value += EXPLAINS_TERM;
    // A heading made only of the question's words, a specific one among them, names what the passage is about
    // ("The stomach" for "how long does food stay in the stomach", "Decline" for "why did the cities
    // decline"; round five). The course's topic word, in every passage, names nothing in particular.
    else if (headingNames(passage.heading, stems)) value += HEADING_NAMES;
    if (value > bestValue) {
      bestValue = value;
      source = passage;
    }
  }
  if (intent === 'compare') {
    const compared = comparison(
      question,
      passages.slice(0, CONSIDERED).filter((each) => !isFaq(each)),
    );
    if (compared) return compared;
  }
  const { sentences, all, ranked } = pickFrom(source, question, stems, 3);
  if (ranked.length === 0) return { text: sentences.join(' '), source };

  // The statement, from the best sentence that gives what is asked (or the best one).
  const givers = ranked.filter((item) => givesWhatIsAsked(intent, question, item.sentence));
  let statement: string | null = null;
  let from = ranked[0];
  // Only from a sentence that holds the question's topic: half of its words' weight (rare words weigh more).
  const weightOf = (item: Scored) => [...item.covers].reduce((sum, index) => sum + stems[index].weight, 0);
  const whole = stems.reduce((sum, term) => sum + term.weight, 0);
  for (const item of [...givers.slice(0, 2), ranked[0]].filter((each) => weightOf(each) >= whole / 2)) {
    statement = statementFor(intent, question, item.sentence, all[item.order - 1]?.sentence);
    if (statement) {
      from = item;
      break;
    }
  }
  if (!statement && givers[0] && givers[0].score >= ranked[0].score) from = givers[0];
  // A Hindi answer opens with a course sentence, never a composed one: the sentence that gives what is asked
  // (a number, a reason) leads when it is nearly as good as the best (decision 065, round two).
  const hindi = isDevanagari(question);
  if (hindi && givers[0] && givers[0].score >= NEARLY_AS_GOOD * ranked[0].score) from = givers[0];
  // The number of the very thing counted leads, however few of the question's other words it shares.
  const counts =
    hindi && intent === 'count'
      ? ranked.find((item) => hindiStatesCount(question, item.sentence))
      : undefined;
  if (counts) from = counts;
  // A cause often comes in the next sentence, leaning on the best one ("About 800 million people live near
  // volcanoes. They stay because the soil is rich…").
  const next = all[ranked[0].order + 1];
  if (!statement && intent === 'cause' && next && LEANS_BACK.test(next.sentence)) {
    statement = statementFor(intent, question, next.sentence, ranked[0].sentence);
    if (statement) from = next;
  }

  // "Why…?" answered by a sentence that only restates what is asked, the next sentence carrying on with the
  // same thing: that one explains, so it comes first ("Why do you tip the head forward for a nosebleed?" →
  // "Tipping the head back sends blood down the throat…" before "…sit with the head tipped forward";
  // round five).
  const explainsNext =
    !hindi &&
    !statement &&
    intent === 'cause' &&
    from === ranked[0] &&
    next !== undefined &&
    !givesWhatIsAsked(intent, question, from.sentence) &&
    !LEANS_BACK.test(from.sentence) &&
    from.covers.size === stems.length &&
    [...keywords(next.sentence)].some(
      (word) => keywords(from.sentence).has(word) || keywords(question).has(word),
    );

  // The supporting sentence first after the statement (with the one it leans on), then the others chosen.
  const lead: Scored[] = explainsNext && next ? [next] : [];
  const before = all[from.order - 1];
  // The sentence it leans on goes first — unless that one shares none of the question's words while this one
  // holds them all: the answer would open with something not asked ("Here bile breaks fats…" before "Its
  // inner wall is covered with finger-like villi" for "What are villi?"; round four).
  // Only a possessive leans that loosely: "This is called herd immunity" needs the sentence "this" is.
  const unrelatedBefore =
    /^(its|their)\b/i.test(from.sentence) &&
    before !== undefined &&
    before.score === 0 &&
    from.covers.size === stems.length &&
    stems.length > 0;
  // A Hindi sentence leans back only as a name for what the one before says: asked what that name is.
  const leans = LEANS_BACK.test(from.sentence) && (!hindi || intent === 'definition');
  if (leans && before && !unrelatedBefore && !explainsNext) lead.push(before);
  lead.push(from);
  const others = sentences.filter((sentence) => !lead.some((item) => item.sentence === sentence));
  const supporting = [...lead.map((item) => item.sentence), ...others];
  const same = (a: string, b: string) =>
    a.toLocaleLowerCase().replace(/\W+$/u, '') === b.toLocaleLowerCase().replace(/\W+$/u, '');
  const text = statement
    ? [statement, ...supporting.filter((sentence) => !same(sentence, statement))].slice(0, 3)
    : supporting.slice(0, 3);
  return { text: text.join(' '), source };
}

/** What a heading made of the question's own words is worth (see headingNames). */
const HEADING_NAMES = 0.5;
/** A word found in fewer of the retrieved passages weighs more; at this weight or above it is specific. */
const SPECIFIC_WEIGHT = 0.6;

function headingNames(heading: string, stems: TermStems[]): boolean {
  const words = [...keywords(heading)];
  if (words.length === 0 || isRecap(heading)) return false;
  const terms = words.map((word) => stems.find((term) => term.own.has(word)));
  return terms.every(Boolean) && terms.some((term) => (term?.weight ?? 0) >= SPECIFIC_WEIGHT);
}

/** Whether a heading opens with the question's wh-word and shares one of its topic words. */
function asksAsHeading(question: string, heading: string): boolean {
  const wh = /^(why|how|when|where|which)\b/i.exec(question.trim())?.[1].toLowerCase();
  if (!wh || !new RegExp(`^${wh}\\b`, 'i').test(heading.trim())) return false;
  const asked = keywords(question);
  return [...keywords(heading)].some((word) => asked.has(word));
}

/** A comparison asked of both sides alike, and a sentence setting two things against each other. */
const SYMMETRIC = /\bbetween\b|\bcompare\b|\bvs\.?(?=\s)|\bversus\b/i;
const CONTRAST = /\b(while|whereas|but|unlike|instead|rather than|once)\b|;/i;

/** The two things a question compares: "the difference between A and B", "A vs B", "compare A with B". */
const SIDES = [
  /\bbetween (.+?) and (.+?)[?.!]*$/i,
  /^(?:how (?:is|are|does|do) )?(.+?) (?:vs\.?|versus|different from|differ from|compared? (?:with|to)) (.+?)[?.!]*$/i,
  /\bcompare (.+?) (?:with|and|to) (.+?)[?.!]*$/i,
];

/**
 * A comparison's answer: the course sentence for each side, the first joined to the second by "while" so
 * the first sentence states both ("A suspension bridge hangs its deck…, while in a cable-stayed bridge…"),
 * each from the best passage that has one; null when one side has none.
 */
function comparison(question: string, passages: Passage[]): { text: string; source: Passage } | null {
  // The teaching passages compare first; a recap's short contrast ("Series bulbs share one path; parallel
  // bulbs each have their own.") only when they cannot (round five).
  const teaching = passages.filter((passage) => !isRecap(passage.heading));
  if (teaching.length > 0 && teaching.length < passages.length)
    return comparisonFrom(question, teaching) ?? comparisonFrom(question, passages);
  return comparisonFrom(question, passages);
}

function comparisonFrom(question: string, passages: Passage[]): { text: string; source: Passage } | null {
  const match = SIDES.map((pattern) => pattern.exec(question.trim())).find(Boolean);
  if (!match || passages.length === 0) return null;
  const sideWords = [match[1], match[2]].map((side) => new Set(keywords(side)));
  // Each side by the words the other does not share ("suspension" / "cable-stayed", not "bridge").
  const own = sideWords.map((words, index) => [...words].filter((word) => !sideWords[1 - index].has(word)));
  if (own.some((words) => words.length === 0)) return null;
  // "The difference between A and B" asks about both alike: a course sentence naming both with a contrast
  // ("Molten rock is called magma while it is underground and lava once it reaches the surface") is the
  // course's own comparison and answers it whole. ("How is A different from B?" is about A: A's sentence
  // comes first, below.)
  if (SYMMETRIC.test(question)) {
    for (const passage of passages) {
      const both = sentencesOf(withoutHeading(passage)).find((sentence) => {
        const held = new Set(wordsOf(sentence).map(stem));
        return CONTRAST.test(sentence) && own.every((words) => words.some((word) => held.has(word)));
      });
      if (both) return { text: both, source: passage };
    }
  }
  const found: ({ sentence: string; passage: Passage; hits: number; order: number } | null)[] = [];
  for (const [side, words] of own.entries()) {
    let best: { sentence: string; passage: Passage; hits: number; order: number } | null = null;
    for (const [rank, passage] of passages.entries()) {
      for (const [order, sentence] of sentencesOf(withoutHeading(passage)).entries()) {
        const held = new Set(wordsOf(sentence).map(stem));
        // Better about this side alone, standing on its own, in a better passage.
        const hits =
          words.filter((word) => held.has(word)).length -
          0.5 * own[1 - side].filter((word) => held.has(word)).length -
          (LEANS_BACK.test(sentence) ? 0.5 : 0) -
          rank * 0.1;
        if (hits > 0 && (!best || hits > best.hits)) best = { sentence, passage, hits, order };
      }
    }
    found[side] = best;
  }
  const [first, second] = found;
  if (!first || !second) return null;
  if (first.sentence === second.sentence) return { text: first.sentence, source: first.passage };
  const statement = `${first.sentence.replace(/[.!?]+$/, '')}, while ${second.sentence.charAt(0).toLocaleLowerCase()}${second.sentence.slice(1)}`;
  // Cited first: for "How is A different from B?" A's passage (the question is about A); for a comparison of
  // both alike the better ranked of the two.
  const source =
    SYMMETRIC.test(question) && passages.indexOf(second.passage) < passages.indexOf(first.passage)
      ? second.passage
      : first.passage;
  return { text: statement, source };
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

/**
 * The whole answer text, plain prose for reading and speaking: the chosen sentences only. Where the answer is
 * comes with the citations (shown as chips that open the moment), never in the text, so it is never read
 * aloud. Hints mode is a ladder of turns of its own (server/modules/conversations/hint-ladder.ts, decision
 * 058): this is the answer it works towards.
 */
export function composeLocalAnswer(request: AnswerRequest): string {
  return directAnswer(request).text;
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
      const answered = directAnswer(request);
      const text = answered.text;
      // The passage answered from is the first citation, the others follow in retrieval's order.
      const { passages } = request;
      if (answered.source !== passages[0])
        request.onCite?.(
          [answered.source, ...passages.filter((each) => each !== answered.source)].map(
            (each) => each.chunkId,
          ),
        );
      for (const delta of deltas(text)) {
        if (signal?.aborted) return;
        yield delta;
        // Let the response flush between deltas, as a streamed model answer would.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
