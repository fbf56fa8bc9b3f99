import { searchFold } from '../../../common/search-fold';
import { hindiGives, hindiIntentOf, hindiStem, isDevanagari } from './hindi';
import { lemmatizerOf, simplePast, verbLemma } from './lemmas';
import { STOP_WORDS } from './stop-words';
import type { AskedFor } from './types';

/**
 * What a question asks for, and the sentence of its own that states it (decision 057): "How many sides does a
 * hexagon have?" asks for a count; from "A regular hexagon has six equal sides…" it states "A hexagon has six
 * sides." Only the question's and the course sentence's own words are used — a statement that cannot be built
 * from them is not made, and the course sentence answers alone. English question forms; a Hindi question's
 * intent is read by hindi.ts (which sentence gives a number, a reason, a time), and no statement is composed.
 */
export type { AskedFor };

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** The words of a text in any script (Unicode word boundaries), as written. */
export function wordsIn(text: string): string[] {
  return [...segmenter.segment(text)].filter((part) => part.isWordLike).map((part) => part.segment);
}

export function intentOf(question: string): AskedFor {
  if (isDevanagari(question)) return hindiIntentOf(question);
  const q = question.trim().toLowerCase();
  // "different from", "differs", "difference": every form of "differ" compares; so does "Which is bigger, A or
  // B?" (a comparative set between two named things).
  if (
    /\b(difference|differ\w*|compared? (with|to)|versus|vs\.?)\b|\b\w+er than\b|\bmore \w+ than\b/.test(q) ||
    /^(which|what|who) (is|are|was|were|has|have) (the )?(\p{L}+er|more \p{L}+|less \p{L}+)\b.*\bor\b/u.test(
      q,
    )
  )
    return 'compare';
  if (
    /^(how (many|much|long|far|big|old|tall|high|deep|wide|heavy|fast|large|often))\b|\bwhat (number|percentage|fraction)\b/.test(
      q,
    )
  )
    return 'count';
  if (/^(why|how come)\b|\bwhat (causes|makes)\b|\breason\b/.test(q)) return 'cause';
  if (/^when\b|\bwhat (year|time|month|season|day|century)\b/.test(q)) return 'time';
  if (/^where\b|\bin what (place|country|part)\b/.test(q)) return 'place';
  if (/^(which|what (kind|type|sort))\b|^what \w+ (is|are|was|were) (best|used|the)\b/.test(q))
    return 'choice';
  if (
    /^(what|who) (is|are|was|were)\b|\bdefin|\bmeaning of\b|\bwhat does .* mean\b|\bwhat .* called\b/.test(q)
  )
    return 'definition';
  return 'other';
}

// --- Facts a sentence holds ------------------------------------------------------------------------------

const NUMBER_WORD =
  '(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|half|third|thirds|quarter|quarters|dozen|hundreds|thousands|millions|billions)';
const NUMBER = `(?:\\p{Nd}[\\p{Nd},.]*(?:\\s+(?:hundred|thousand|million|billion))?|${NUMBER_WORD}(?:[\\s-]+(?:and\\s+)?${NUMBER_WORD})*)`;
const QUALIFIER =
  '(?:(?:about|around|almost|nearly|over|more than|less than|fewer than|up to|at least|at most|only|roughly|some|just|exactly)\\s+)?';
const UNIT =
  '(?:\\s*%|\\s+(?:per ?cent|percent|(?:square |cubic )?(?:millimetres?|centimetres?|metres?|meters?|kilometres?|km|miles?|feet|foot|inches|yards?)|(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|centuries)(?: old)?|litres?|liters?|grams?|kilograms?|kg|tonnes?|tons?|degrees?(?: celsius| fahrenheit)?|°c?|times|kilowatts?|watts?|volts?))?';
const QUANTITY = new RegExp(
  `\\b${QUALIFIER}${NUMBER}\\b${UNIT}(?:\\s+(?:a|per|each|every) (?:day|week|month|year|hour|second))?`,
  'giu',
);
const COUNTABLE = new RegExp(`\\b${NUMBER}\\b`, 'iu');

const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december)';
const TIME = new RegExp(
  `\\b(?:(?:in|on|during|by|since|after|before|around|until|every|each|from)\\s+)?(?:(?:the\\s+)?(?:early|late|mid|middle of)[\\s-]+)?(?:(?:\\p{Nd}{1,2}\\s+)?${MONTH}(?:\\s+\\p{Nd}{1,4})?|spring|summer|autumn|fall|winter|\\p{Nd}{3,4}s?(?:\\s*(?:BC|BCE|AD|CE))?|the (?:\\w+ ){0,2}century|(?:the )?(?:morning|evening|night|dawn|dusk))\\b`,
  'iu',
);
/**
 * Words that open a place: prepositions of position ("in", "under", "opposite", "beside"…). "where" opening a
 * clause ("form where tectonic plates meet") says a place as well; see placePhrases.
 */
const PLACE_PREPOSITION =
  /^(in|at|on|from|inside|under|near|into|through|across|along|around|beneath|within|above|below|opposite|beside|behind|between|beyond|among|underneath|outside|throughout|over)$/i;
const CLAUSE_WORDS = new Set(
  'which that and but so because while when where who whose until unless if or to is are was were can will'.split(
    ' ',
  ),
);
/**
 * Words that introduce a cause. "since" followed by a time ("since 1748", "since then") says when, not why.
 */
const CAUSE = new RegExp(
  `\\b(because|since(?!\\s+(?:\\p{Nd}|then\\b|the\\s+\\p{L}+\\s+century|(?:last|early|late)\\b|${MONTH}\\b))|as a result of|due to|so that|in order to|thanks to)\\b`,
  'iu',
);
const SO = /,?\s+so\s+(?!that\b)/i;
/** A number of time, of length, of weight: what "how long does…", "how deep…", "how heavy…" ask for. */
const DURATION =
  /\b(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|centur(?:y|ies)|lifetimes?)\b/iu;
const LENGTH =
  /\b(?:(?:milli|centi|kilo)?met(?:re|er)s?|km|cm|mm|miles?|feet|foot|inches|yards?)\b|\p{Nd}\s*(?:km|cm|mm|m)\b/iu;
const WEIGHT = /\b(?:(?:kilo)?grams?|kg|tonnes?|tons?|pounds?)\b/iu;
/** A speed: a length per time ("343 metres every second", "40 km/h"). */
const SPEED = /(?:\b(?:a|per|each|every|an) (?:second|minute|hour)\b|\/\s*(?:s|h|hr)\b|\bmph\b)/iu;
/** What each "how …" adjective measures; one missing here takes any quantity with a unit. */
const MEASURE_OF: Record<string, RegExp> = {
  long: new RegExp(`${DURATION.source}|${LENGTH.source}`, 'iu'),
  far: LENGTH,
  tall: LENGTH,
  high: LENGTH,
  deep: LENGTH,
  wide: LENGTH,
  old: DURATION,
  heavy: WEIGHT,
  fast: SPEED,
};
/** "…form where tectonic plates meet": a clause opened by "where" inside a sentence says a place. */
const WHERE_CLAUSE = /\p{L},?\s+where\s+\p{L}/u;

// --- Turning the question into a statement ---------------------------------------------------------------

const DETERMINERS = new Set(
  'a an the this that these those our your their its his her my some each every'.split(' '),
);
const BE = new Set(['is', 'are', 'was', 'were']);
const DO = new Set(['do', 'does', 'did']);
const MODAL = new Set(['can', 'could', 'will', 'would', 'should', 'must', 'may', 'might']);
const FOLLOWS_VERB = new Set(
  'in on at for from to with by into during after before per each every a an the their its his her our my your some up out off down not between of than as about across through over under around'.split(
    ' ',
  ),
);
const PRONOUN = /^(it|they|she|he|this|these|those|that)$/i;
/** Adverbs that open a predicate, never part of a subject ("Pompeii | so well preserved"). */
const ADVERB = new Set(
  'so very too well often usually always never still also quite rather really mostly only easily quickly slowly sometimes'.split(
    ' ',
  ),
);

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
/**
 * Lower-cases a sentence's first word for the middle of a sentence, unless it looks like a name: capitals
 * inside it or a capitalised word after it ("The queen" → "the queen", "Tacoma Narrows" stays).
 */
const uncapitalise = (text: string) => {
  const [first = '', second = ''] = text.split(/\s+/);
  if (/^\p{Lu}.*\p{Lu}/u.test(first) || /^\p{Lu}/u.test(second)) return text;
  return text.charAt(0).toLocaleLowerCase() + text.slice(1);
};
const finish = (text: string) => `${capitalise(text.trim().replace(/[\s,;:]+$/, ''))}.`;
const bare = (sentence: string) => sentence.trim().replace(/[.!?]+["')\]]?$/, '');

/** The form of a verb the sentence uses ("have" → "has" from "A hexagon has six…"), else a regular one. */
function verbForm(verb: string, aux: string, sentence: string): string {
  // The question's verb is already its dictionary form ("lay", not "lie" as morphy reads it).
  const lemma = verb;
  const used = wordsIn(sentence).find(
    (word) =>
      word.toLowerCase() !== lemma &&
      (verbLemma(word) === lemma || verbLemma(word) === verbLemma(verb)) &&
      /\p{Ll}/u.test(word.charAt(0)),
  );
  const third = () => {
    if (lemma === 'have') return 'has';
    if (lemma === 'be') return 'is';
    if (/(s|sh|ch|x|z|o)$/.test(lemma)) return `${lemma}es`;
    if (/[^aeiou]y$/.test(lemma)) return `${lemma.slice(0, -1)}ies`;
    return `${lemma}s`;
  };
  if (aux === 'does') return used && /s$/.test(used) ? used : third();
  // "did start" is no statement: the past as the sentence says it, else the verb's simple past.
  if (aux === 'did')
    return used && !/s$/.test(used) && !/ing$/.test(used) && used !== lemma
      ? used
      : (simplePast(lemma) ?? `did ${verb}`);
  if (aux === 'do') return verb;
  return `${aux} ${verb}`;
}

interface Clause {
  subject: string;
  /** The verb phrase as a statement says it ("has", "lays", "are"), '' when the question has none. */
  verb: string;
  rest: string;
}

/**
 * "does a hexagon have" → { subject: "a hexagon", verb: "has", rest: "" }; "are beam bridges short" →
 * { subject: "beam bridges", verb: "are", rest: "short" }. Null when the question is not shaped so.
 */
function statementClause(
  aux: string,
  words: string[],
  sentence: string,
  whole = false,
  keepsPredicate = false,
): Clause | null {
  if (words.length === 0) return null;
  const lower = words.map((word) => word.toLowerCase());
  const start = DETERMINERS.has(lower[0]) ? 2 : 1;
  if (BE.has(aux)) {
    // A participle or a preposition ends the subject ("concrete | reinforced with steel", "trusses | made
    // of", "the main cables of a suspension bridge | anchored"); else the subject is the longest start of the
    // rest the sentence also says; else all but its last word.
    const said = new Set(wordsIn(sentence.toLowerCase()).map(stemOf));
    let end = lower.findIndex(
      (word, at) =>
        at >= Math.max(1, start - 1) &&
        ((!/s$/.test(word) && verbLemma(word) !== word) ||
          ADVERB.has(word) ||
          (FOLLOWS_VERB.has(word) && !DETERMINERS.has(word) && word !== 'of')),
    );
    // "Where is the hypotenuse of a right triangle?": with no participle, a place or time question's words
    // after "is" are all its subject.
    if (end < 0 && whole) end = words.length;
    if (end < 0) {
      end = 0;
      for (let at = 0; at < words.length; at += 1) {
        if (said.has(stemOf(lower[at])) || (at > 0 && /^\p{Lu}/u.test(words[at]))) end = at + 1;
        else if (at >= start) break;
      }
    }
    if (end === 0) end = Math.max(start, words.length - 1);
    // "Why are snowshoes wide?": the sentence saying both words does not make "snowshoes wide" the subject —
    // a be-question keeps at least its last word for what is said of the subject.
    if (keepsPredicate && end >= words.length && words.length > 1) end = words.length - 1;
    end = Math.min(Math.max(end, Math.min(start, words.length)), words.length);
    return { subject: words.slice(0, end).join(' '), verb: aux, rest: words.slice(end).join(' ') };
  }
  if (!DO.has(aux) && !MODAL.has(aux)) return null;
  let at = Math.min(start, words.length - 1);
  // The verb: the first word after the subject the sentence says in another form ("become" → "became"),
  // else "be" or "have", else — names run on ("Karl von Frisch win…") — the first word followed by the end,
  // a preposition or a determiner.
  const said = wordsIn(sentence.toLowerCase());
  // ("bridges" is not "bridge" said as a verb: a plural looks like one.)
  const inflected = lower.findIndex(
    (word, index) =>
      index >= at &&
      said.some(
        (other) =>
          other !== word && !/^(.*)(s|es)$/.test(other.replace(word, '')) && verbLemma(other) === word,
      ),
  );
  const auxiliary = lower.findIndex((word, index) => index >= 1 && (word === 'be' || word === 'have'));
  if (auxiliary >= 0) at = auxiliary;
  else if (inflected >= 0) at = inflected;
  // ("Why can piers tilt or sink?": a verb joined to the next by "or"/"and" opens the predicate.)
  else
    while (
      at < words.length - 1 &&
      !FOLLOWS_VERB.has(lower[at + 1]) &&
      !(at >= start && (lower[at + 1] === 'or' || lower[at + 1] === 'and'))
    )
      at += 1;
  const negated = lower[at] === 'not';
  if (negated) {
    return {
      subject: words.slice(0, at).join(' '),
      verb: `${aux} not ${words[at + 1] ?? ''}`.trim(),
      rest: words.slice(at + 2).join(' '),
    };
  }
  if (at === 0) return null;
  return {
    subject: words.slice(0, at).join(' '),
    verb: verbForm(lower[at], aux, sentence),
    rest: words.slice(at + 1).join(' '),
  };
}

/**
 * A crude English stem, enough to match "triangles" with "triangle" and "measuring" with "measure"; a Hindi
 * word's light stem (hindi.ts: "ग्रहों" → "ग्रह"); words of other scripts whole, as the search folds them.
 */
export const stemOf = (word: string) =>
  /^[a-z]+$/.test(word)
    ? word
        // "-es" is an ending only after s, x, z, ch and sh ("boxes"); "bees" is "bee" + "s", not "be" + "es"
        // (round two: "worker bee" did not match "bees"). "-ies" is a "-y" word's plural ("bodies", "body").
        .replace(/ies$/, 'y')
        .replace(/(?<=(?:s|x|z|ch|sh))es$|(?<![su])s$|ing$|ed$|ly$/, '')
        .replace(/e$/, '')
        .slice(0, 7)
    : isDevanagari(word)
      ? hindiStem(word)
      : searchFold(word);

const AUX_WORDS = 'do does did is are was were can could will would should must may might'.split(' ');
const AUX = `(${AUX_WORDS.join('|')})`;
const questionWords = (text: string) =>
  text
    .replace(/[?!.]+\s*$/, '')
    .split(/\s+/)
    .filter(Boolean);

// --- One statement per intent ----------------------------------------------------------------------------

/** The quantity in a sentence nearest to the asked thing ("sides" → "six equal sides" → "six"). */
function quantityIn(
  sentence: string,
  near: string[],
  wantsUnit: boolean,
  kind?: RegExp,
): { text: string; unitless: string } | null {
  const found = [...sentence.matchAll(QUANTITY)].filter(
    (match) => (!/^\p{Nd}{4}$/u.test(match[0].trim()) || wantsUnit) && (!kind || kind.test(match[0].trim())),
  );
  if (found.length === 0) return null;
  const lower = sentence.toLowerCase();
  const nearAt = near.map((word) => lower.indexOf(stemOf(word.toLowerCase()))).filter((index) => index >= 0);
  const distance = (index: number) =>
    nearAt.length ? Math.min(...nearAt.map((at) => (at >= index ? at - index : (index - at) * 1.5))) : index;
  const ranked = [...found].sort((a, b) => {
    const unitA = Number(
      wantsUnit && /\p{L}\s*$/u.test(a[0]) && !COUNTABLE.test(a[0].split(/\s+/).pop() ?? ''),
    );
    const unitB = Number(
      wantsUnit && /\p{L}\s*$/u.test(b[0]) && !COUNTABLE.test(b[0].split(/\s+/).pop() ?? ''),
    );
    return unitB - unitA || distance(a.index ?? 0) - distance(b.index ?? 0);
  });
  // "About 450…" opening the course sentence is "about 450" inside ours.
  const text = ranked[0][0]
    .trim()
    .replace(/^\p{Lu}\p{Ll}+\b/u, (word) =>
      new RegExp(`^${QUALIFIER}$`, 'iu').test(`${word} `) ? word.toLowerCase() : word,
    );
  return { text, unitless: text };
}

function countStatement(question: string, sentence: string): string | null {
  const q = question.trim();
  let match = new RegExp(`^how (many|much) (.+?) ${AUX} (.+?)[?.!]*$`, 'i').exec(q);
  if (match) {
    const asked = match[2];
    const clause = statementClause(match[3].toLowerCase(), questionWords(match[4]), sentence);
    const quantity = quantityIn(sentence, questionWords(asked), match[1].toLowerCase() === 'much');
    if (!clause || !quantity) return null;
    // "How many volcanoes are around the Pacific Ocean?": "are" + a place is "there are", and the asked
    // thing is what is counted — "There are about 450 volcanoes around the Pacific Ocean."
    const rest = questionWords(match[4]);
    if (
      BE.has(match[3].toLowerCase()) &&
      match[1].toLowerCase() === 'many' &&
      (PLACE_PREPOSITION.test(rest[0] ?? '') || /^(on|in|at|inside)$/i.test(rest[0] ?? ''))
    )
      return finish(
        `there ${match[3].toLowerCase()} ${
          quantity.text.toLowerCase().endsWith(asked.toLowerCase())
            ? quantity.text
            : `${quantity.text} ${asked}`
        } ${rest.join(' ')}`,
      );
    // "up to 2,000 a day" and "…lay in a day": the period once, where the question says it.
    const period = /\s+(?:a|per|each|every) (\p{L}+)$/u.exec(quantity.text);
    if (period && new RegExp(`\\b${period[1]}\\b`, 'iu').test(clause.rest))
      quantity.text = quantity.text.slice(0, period.index);
    const thing = /^of\b/i.test(asked)
      ? asked
      : match[1].toLowerCase() === 'much'
        ? quantity.text.match(/\p{L}+$/u) && !COUNTABLE.test(quantity.text.split(/\s+/).pop() ?? '')
          ? ''
          : asked
        : asked;
    if (/^of\b/i.test(asked)) return finish(`${quantity.text} ${asked} ${clause.verb} ${clause.rest}`);
    const object =
      thing && !quantity.text.toLowerCase().endsWith(thing.toLowerCase())
        ? `${quantity.text} ${thing}`
        : quantity.text;
    // A count, not a measure ("how many piers" is not "80 metres").
    if (
      match[1].toLowerCase() === 'many' &&
      /\p{L}$/u.test(quantity.text) &&
      !COUNTABLE.test(quantity.text.split(/\s+/).pop() ?? '')
    )
      return null;
    // "rest on" → "rests on two piers".
    if (/^\p{L}+$/u.test(clause.rest) && FOLLOWS_VERB.has(clause.rest.toLowerCase()))
      return finish(`${clause.subject} ${clause.verb} ${clause.rest} ${object}`.replace(/\s+/g, ' '));
    return finish(`${clause.subject} ${clause.verb} ${object} ${clause.rest}`.replace(/\s+/g, ' '));
  }
  match = /^how (many|much) (.+?) (are there|is there)\b(.*?)[?.!]*$/i.exec(q);
  if (match) {
    const quantity = quantityIn(sentence, questionWords(match[2]), false);
    if (!quantity) return null;
    return finish(`there ${match[3].split(' ')[0]} ${quantity.text} ${match[2]}${match[4]}`);
  }
  match = /^how (many|much) (\S+)(.*?)[?.!]*$/i.exec(q);
  if (match && !new RegExp(`^${AUX}$`, 'i').test(match[2])) {
    // "How many bees live in a hive?" → "Up to 60,000 bees live in a hive."
    const quantity = quantityIn(sentence, [match[2]], false);
    if (!quantity) return null;
    return finish(`${quantity.text} ${match[2]}${match[3]}`);
  }
  match = new RegExp(
    `^how (long|far|big|old|tall|high|deep|wide|heavy|fast|large|often) ${AUX} (.+?)[?.!]*$`,
    'i',
  ).exec(q);
  if (match) {
    // Of the kind asked: "how fast" is a speed, never "20 degrees Celsius" from the same sentence (round five).
    const quantity = quantityIn(sentence, [], true, MEASURE_OF[match[1].toLowerCase()]);
    if (
      quantity &&
      !/\p{L}$/u.test(quantity.text.replace(/\s+(a|per|each|every) \p{L}+$/u, '')) &&
      match[1].toLowerCase() !== 'often'
    )
      return null;
    if (quantity && COUNTABLE.test(quantity.text.split(/\s+/).pop() ?? '')) return null;
    const clause = statementClause(match[2].toLowerCase(), questionWords(match[3]), sentence);
    if (!quantity || !clause) return null;
    // A measure's adjective follows it in English: "2,900 kilometres deep", "2,000 years old".
    const adjective = match[1].toLowerCase();
    const measured =
      (adjective === 'old' && DURATION.test(quantity.text)) ||
      (/^(long|tall|high|deep|wide|thick)$/.test(adjective) && LENGTH.test(quantity.text));
    const old =
      measured && BE.has(clause.verb) && !new RegExp(`\\b${adjective}$`, 'i').test(quantity.text)
        ? ` ${adjective}`
        : '';
    // "lives for only about six weeks" → "lives for about six weeks": the course's "for" is kept.
    const saysFor = new RegExp(
      `\\bfor\\s+(?:\\p{L}+\\s+){0,2}${quantity.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      'iu',
    ).test(sentence);
    const quantityText =
      match[1].toLowerCase() === 'long' &&
      !BE.has(clause.verb) &&
      /(day|week|month|year|hour|minute|second|centur|decade)s?$/i.test(quantity.text) &&
      (saysFor || !/^(for|about|up to|only|over|almost|nearly)\b/i.test(quantity.text))
        ? `for ${quantity.text}`
        : quantity.text;
    return finish(
      (FOLLOWS_VERB.has(clause.rest.split(/\s+/)[0]?.toLowerCase() ?? '')
        ? `${clause.subject} ${clause.verb} ${quantityText}${old} ${clause.rest}`
        : `${clause.subject} ${clause.verb} ${clause.rest} ${quantityText}${old}`
      ).replace(/\s+/g, ' '),
    );
  }
  return null;
}

/**
 * "Magma is lighter than the rock around it" compares magma with something; it does not say what magma is.
 */
const NOT_COMPARED = '(?!\\s+(?:\\p{L}+er|more\\s+\\p{L}+|less\\s+\\p{L}+)\\s+than\\b)';

/**
 * The noun phrase a sentence puts in apposition after a term, which says what it is: "…lies the mantle, a
 * thick layer of hot rock about 2,900 kilometres deep." → "a thick layer of hot rock about 2,900 kilometres
 * deep". Only a phrase opened by "a", "an" or "the" and not a list ("the mantle, the core and the crust").
 */
function appositive(target: string, sentence: string): string | null {
  const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // (A comma or point inside a number, "2,900", does not end it.)
  const found = new RegExp(`\\b${escaped}\\w*,\\s+((?:a|an|the)\\s+.+?)(?=[,;:.](?:\\s|$)|$)`, 'iu').exec(
    sentence.replace(/[.!?]+$/, ''),
  );
  if (!found || /\b(?:and|or)\s+(?:the|a|an)\b/i.test(found[1])) return null;
  return found[1].trim();
}

/** "What is X?" → the sentence saying "X is…", or "X is <what it is called>" from "<phrase> is called X". */
export function definitionTarget(question: string): string | null {
  const match =
    /^(?:what|who) (?:is|are|was|were) (.+?)(?:\s+and\s+(?:why|how|what|where|when)\b.*)?[?.!]*$/i.exec(
      question.trim(),
    );
  if (!match) return null;
  return match[1].replace(/^(a|an|the)\s+/i, '').trim();
}

function definitionStatement(question: string, sentence: string): string | null {
  const target = definitionTarget(question);
  if (!target) return null;
  // Said as asked: "the hypotenuse", "a cumulus cloud".
  const subject =
    /^(?:what|who) (?:is|are|was|were) ((?:(?:a|an|the)\s+)?)/i.exec(question.trim())?.[1].toLowerCase() +
    target;
  const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const plain = bare(sentence);
  if (
    new RegExp(
      `^(?:(?:a|an|the)\\s+)?${escaped}\\w*\\s+(?:(?:is|are|was|were)\\b${NOT_COMPARED}|means\\b|refers\\b)`,
      'iu',
    ).test(plain)
  )
    return finish(plain);
  const called = new RegExp(
    `^(.+?)\\s+(?:is|are) (?:called|known as|named) (?:(?:a|an|the)\\s+)?${escaped}\\w*\\b`,
    'iu',
  ).exec(plain);
  if (called) {
    const what = uncapitalise(called[1])
      .replace(/^(this|these|that|those)\b/i, 'the')
      .replace(/^(.*),\s*which$/i, '$1');
    const copula = /s$/i.test(target) && !/(ss|us|is)$/i.test(target) ? 'are' : 'is';
    if (/,\s*which$/i.test(called[1]) || /^\p{Lu}?\p{Ll}+\s+\p{Ll}+s?\b/u.test(what) === false)
      return finish(`${subject} ${copula} when ${uncapitalise(called[1].replace(/,\s*which$/i, ''))}`);
    return finish(`${subject} ${copula} ${what}`);
  }
  const apposed = appositive(target, plain);
  if (apposed) {
    const copula = /s$/i.test(target) && !/(ss|us|is)$/i.test(target) ? 'are' : 'is';
    return finish(`${subject} ${copula} ${apposed}`);
  }
  const which = new RegExp(`^(.+?),\\s*which (?:is|are) (?:called|known as) ${escaped}\\w*\\b`, 'iu').exec(
    plain,
  );
  if (which) return finish(`${subject} is when ${uncapitalise(which[1])}`);
  const inline = new RegExp(`((?:\\S+\\s+){1,6})(?:called|known as|named) ${escaped}\\w*\\b`, 'iu').exec(
    plain,
  );
  if (inline) {
    const before = inline[1].trim().split(/\s+/);
    let from = before.length - 1;
    // From the last determiner ("feeding a young larva | a rich food"), unless a preposition comes before it
    // ("tiny pores in their leaves").
    const determiner = before.findLastIndex((word) => DETERMINERS.has(word.toLowerCase()));
    const preposition = before[determiner - 1] ?? '';
    const byDeterminer =
      determiner > 0 && !PLACE_PREPOSITION.test(preposition) && !/^(of|for|with|by|to)$/i.test(preposition);
    if (byDeterminer) from = determiner;
    else
      while (
        from > 0 &&
        !CLAUSE_WORDS.has(before[from - 1].toLowerCase()) &&
        !/[,;:]$/.test(before[from - 1]) &&
        !/^(through|with|by|from|into|out|up|of)$/i.test(before[from - 1]) &&
        !BE.has(before[from - 1].toLowerCase())
      )
        from -= 1;
    // A phrase that runs back to the window's first word was never delimited: it may hold the sentence's
    // own subject and verb ("Every pathogen carries molecules on its surface, called antigens" is not
    // "An antigen is pathogen carries molecules…"; round three).
    if (!byDeterminer && from === 0 && !DETERMINERS.has(before[0]?.toLowerCase() ?? '')) return null;
    const phrase = before
      .slice(from)
      .join(' ')
      .replace(/^(the|this|these)\s+/i, 'the ');
    if (!phrase) return null;
    // A bare kind says nothing of what the term is ("its walls squeeze in waves, a movement called
    // peristalsis" is not answered by "Peristalsis is a movement."; round four): the course sentence leads.
    if (/^(?:a|an|the)\s+\p{L}+$/iu.test(phrase)) return null;
    const copula = /s$/i.test(target) && !/(ss|us|is)$/i.test(target) ? 'are' : 'is';
    return finish(`${subject} ${copula} ${uncapitalise(phrase)}`);
  }
  return null;
}

/**
 * A sentence opening this way is the result of the sentence before it, which is the cause: "The angles fit
 * along a straight line. So the angles of every triangle add up to 180 degrees.", "That is why…".
 */
const RESULT_OPENER =
  /^(?:(?:and )?(?:that|this) is why|(?:that|this)'s why|therefore|as a result|for this reason|thus|hence|so)\b,?\s*/i;
/** Inside a sentence, the part before these is the cause of the part after ("A, so B", "A, which is why B"). */
const RESULT_LINK = /,?\s+(?:which is why|and that is why|and so|so)\s+(?!that\b|\p{Ll}+\s+as\b)/iu;
/**
 * "as" joining a cause to a result ("The bottle fizzes as the gas escapes", "…, as it is lighter"): a
 * comma or a clause's subject (a pronoun or a determiner and a word) after it. Not "such as", "as big as",
 * "known as" — there "as" compares or names.
 */
const AS_CAUSE =
  /(?<!\b(?:such|same|known|used|seen|acts?|serves?|as|so|just|twice|regarded|described))(?:,\s*|\s+)as\s+(?=(?:it|they|he|she|we|you|there|the|a|an|its|their|this|these|those)\s+\p{L})/iu;
/** A result that runs on to the asked event ("pressure builds up | until the volcano explodes"). */
const RUNS_ON = /\s+(?:until|till|and then|which makes|which lets|and finally)\s+/i;

/**
 * The cause a sentence gives for a question (decision 057, round two), with "because" in front, or null:
 * 1. "because", "since" (not of time), "so that", "due to"… mark it;
 * 2. "A, so B" / "A, which is why B" / "B as A": A is the cause when the question is about B (holds more of
 *    its words) — and when B only leads to what was asked ("pressure builds up until the volcano explodes"),
 *    the cause is the chain "A, so B";
 * 3. a sentence opening with "So", "That is why", "Therefore"… is a result: the sentence before is its cause;
 * 4. "<the asked thing>, which <does something>": what it does is why it is so ("hexagonal cells, which hold
 *    the most honey for the least wax");
 * 5. a sentence whose verb is the question's and whose subject is another thing says what did it: "because of"
 *    that subject ("The ash preserved houses…" for "Why was Pompeii preserved?" → "because of the ash").
 */
function causeIn(question: string, sentence: string, before: string | undefined, clause: Clause) {
  const { subject } = clause;
  const plain = bare(sentence);
  const asked = new Set(
    questionWords(question.toLowerCase())
      .filter((word) => !STOP_CAUSE.has(word))
      .map(stemOf),
  );
  const overlap = (text: string) =>
    questionWords(text.toLowerCase()).filter((word) => asked.has(stemOf(word))).length;
  const marked = CAUSE.exec(plain);
  if (marked && marked.index > 0)
    return `${marked[1].toLowerCase()} ${plain.slice(marked.index + marked[0].length).trim()}`;
  if (marked && marked.index === 0) {
    const rest = plain.slice(marked[0].length).trim();
    const comma = rest.indexOf(',');
    return comma > 0 ? `${marked[1].toLowerCase()} ${rest.slice(0, comma)}` : null;
  }
  const opener = RESULT_OPENER.exec(plain);
  if (opener && before && !/\?\s*$/.test(before)) return `because ${uncapitalise(bare(before))}`;
  for (const link of [RESULT_LINK, AS_CAUSE]) {
    const found = link.exec(plain);
    if (!found || found.index === 0) continue;
    const [first, second] = [plain.slice(0, found.index), plain.slice(found.index + found[0].length)];
    // "A, so B": A causes B; "B as A": A causes B.
    const [reason, result] = link === AS_CAUSE ? [second, first] : [first, second];
    if (overlap(result) <= overlap(reason)) continue;
    const runsOn = RUNS_ON.exec(result);
    if (
      link === RESULT_LINK &&
      runsOn &&
      overlap(result.slice(runsOn.index)) > overlap(result.slice(0, runsOn.index))
    )
      return `because ${uncapitalise(reason.trim())}, so ${result.slice(0, runsOn.index).trim()}`;
    return `because ${uncapitalise(reason.trim())}`;
  }
  const relative = /(\p{L}+),\s*which\s+(?!is why\b)(.+)$/iu.exec(plain);
  if (relative && asked.has(stemOf(relative[1].toLowerCase()))) {
    const plural = /s$/i.test(subject) && !/(ss|us|is)$/i.test(subject);
    return `because ${plural ? 'they' : 'it'} ${relative[2].trim()}`;
  }
  // The question's own verb: the clause's, else an inflected word after it ("was so well | preserved").
  const verbs = new Set(
    [clause.verb.split(' ').pop() ?? '', ...clause.rest.split(/\s+/)]
      .map((word) => word.toLowerCase())
      .filter(
        (word, at) =>
          word &&
          word !== 'be' &&
          !BE.has(word) &&
          !DO.has(word) &&
          !MODAL.has(word) &&
          (at === 0 || verbLemma(word) !== word),
      )
      .map((word) => verbLemma(word)),
  );
  const doer = verbs.size > 0 ? subjectOf(sentence, verbs) : null;
  const subjectWords = new Set(
    questionWords(subject.toLowerCase())
      .filter((word) => !DETERMINERS.has(word))
      .map(stemOf),
  );
  // A doer is a short noun phrase: no preposition, no other verb ("In late spring a crowded colony divides
  // by" is no doer).
  const doerWords = doer ? questionWords(doer.toLowerCase()) : [];
  if (
    doer &&
    doerWords.length <= 4 &&
    !doerWords.some(
      (word) =>
        (FOLLOWS_VERB.has(word) && !DETERMINERS.has(word) && word !== 'of') ||
        CLAUSE_WORDS.has(word) ||
        (/(ed|ing|[^s]s)$/.test(word) && verbLemma(word) !== word && !/s$/.test(verbLemma(word))),
    ) &&
    !PRONOUN.test(doer) &&
    !questionWords(doer.toLowerCase()).some((word) => subjectWords.has(stemOf(word)))
  )
    return `because of ${uncapitalise(doer)}`;
  return null;
}
/** Words of a why-question that do not say what it is about. */
const STOP_CAUSE = new Set(['why', 'how', 'come', ...AUX_WORDS, 'a', 'an', 'the', 'not', 'so']);

/** "Why are beam bridges short?" + "…, because a longer beam sags…" → "Beam bridges are short because a longer beam sags…". */
function causeStatement(question: string, sentence: string, before?: string): string | null {
  const match = new RegExp(`^(?:why|how come) ${AUX} (.+?)[?.!]*$`, 'i').exec(question.trim());
  if (!match) return null;
  const clause = statementClause(match[1].toLowerCase(), questionWords(match[2]), sentence, false, true);
  if (!clause) return null;
  const cause = causeIn(question, sentence, before, clause);
  if (!cause) return null;
  return finish(`${clause.subject} ${clause.verb} ${clause.rest} ${cause}`.replace(/\s+/g, ' '));
}

/** "When did the Tacoma Narrows Bridge collapse?" + "In 1940 the … collapsed" → "The Tacoma Narrows Bridge collapsed in 1940." */
function timeStatement(question: string, sentence: string): string | null {
  const match = new RegExp(`^when ${AUX} (.+?)[?.!]*$`, 'i').exec(question.trim());
  if (!match) return null;
  const clause = statementClause(match[1].toLowerCase(), questionWords(match[2]), sentence, true);
  if (!clause) return null;
  const time = timeOfEvent(question, sentence, clause.verb);
  if (!time) return null;
  let when = time[0].trim();
  if (!/^(in|on|during|by|since|after|before|around|until|every|each|from)\b/i.test(when))
    when = `in ${when}`;
  // "since" goes with "has been": an event in the simple past happened "in" that year ("…have been digging
  // Pompeii out since 1748" → "The digging at Pompeii started in 1748.").
  if (match[1].toLowerCase() === 'did') when = when.replace(/^since\b/i, 'in');
  return finish(`${clause.subject} ${clause.verb} ${clause.rest} ${uncapitalise(when)}`.replace(/\s+/g, ' '));
}

/**
 * The time in a sentence that belongs to the asked event (round three): the one in the clause that says most
 * of the question's words ("When was smallpox declared eradicated?" + "In the twentieth century smallpox killed…; the WHO
 * declared it eradicated in 1980" → "in 1980", not the century that opens the sentence).
 */
function timeOfEvent(question: string, sentence: string, event?: string): RegExpExecArray | null {
  const times = [...sentence.matchAll(new RegExp(TIME.source, 'giu'))];
  if (times.length <= 1) return TIME.exec(sentence);
  // Words compared by their dictionary form as well ("leave" is said "has left"; round four).
  const norm = (word: string) => stemOf(verbLemma(word));
  const asked = new Set(
    wordsIn(question.toLocaleLowerCase())
      .filter((word) => !STOP_WORDS.has(word) && !AUX_WORDS.includes(word))
      .map(norm),
  );
  // The question's verb names the event: a clause saying it weighs more than one naming who or where.
  const eventWord = event ? norm(event.split(/\s+/).pop()?.toLocaleLowerCase() ?? '') : null;
  // The clause each time is in (between ";", ":", "," and a joining word), and how many asked words it says.
  const bounds = [
    0,
    ...[...sentence.matchAll(/[;:,]|\s(?:until|and|but|while|which|when)\s/giu)].map((m) => m.index ?? 0),
    sentence.length,
  ];
  const said = (time: RegExpMatchArray) => {
    const start = time.index ?? 0;
    const from = Math.max(...bounds.filter((bound) => bound <= start));
    const to = Math.min(...bounds.filter((bound) => bound > start));
    const clause = new Set(
      wordsIn(sentence.slice(from, to).toLocaleLowerCase())
        .map(norm)
        .filter((word) => asked.has(word)),
    );
    return clause.size + (eventWord && clause.has(eventWord) ? EVENT_WEIGHT : 0);
  };
  const best = [...times].sort((a, b) => said(b) - said(a))[0];
  return said(best) > 0 ? (best as RegExpExecArray) : (times[0] as RegExpExecArray);
}

/** How much more the question's verb counts than another of its words in choosing a time's clause. */
const EVENT_WEIGHT = 1.5;

/** "Where was the bridge?" + "…the bridge in Washington…" → "The bridge was in Washington." */
function placeStatement(question: string, sentence: string): string | null {
  const match = new RegExp(`^where ${AUX} (.+?)[?.!]*$`, 'i').exec(question.trim());
  if (!match) return null;
  const clause = statementClause(match[1].toLowerCase(), questionWords(match[2]), sentence, true);
  if (!clause) return null;
  const asked = new Set(questionWords(match[2]).map((word) => stemOf(word.toLowerCase())));
  // The place of what was asked only: the sentence must say the question's verb and object ("make … wax"),
  // not another thing's place ("bees carry pollen from flower to flower" for "where do bees make wax").
  const said = new Set(wordsIn(sentence.toLowerCase()).flatMap((word) => [stemOf(word), verbLemma(word)]));
  const subjectWords = new Set(questionWords(clause.subject.toLowerCase()));
  const predicate = questionWords(`${clause.verb} ${clause.rest}`.toLowerCase()).filter(
    (word) =>
      !subjectWords.has(word) &&
      !BE.has(word) &&
      !DO.has(word) &&
      !MODAL.has(word) &&
      !DETERMINERS.has(word) &&
      !FOLLOWS_VERB.has(word) &&
      !ADVERB.has(word),
  );
  if (!predicate.every((word) => said.has(stemOf(word)) || said.has(verbLemma(word)))) return null;
  const words = bare(sentence).split(/\s+/);
  const phrases: { text: string; named: boolean }[] = [];
  for (const [at, word] of words.entries()) {
    if (at > 0 && word.toLowerCase() === 'where') {
      // "form where tectonic plates meet": the clause to its end or its comma is the place.
      const clause = words.slice(at).join(' ').split(/[,;:]/)[0];
      if (clause.split(/\s+/).length > 2) phrases.push({ text: clause, named: false });
      continue;
    }
    if (!PLACE_PREPOSITION.test(word)) continue;
    const taken: string[] = [word.toLowerCase()];
    for (const next of words.slice(at + 1)) {
      const clean = next.replace(/[,;:]$/, '');
      if (CLAUSE_WORDS.has(clean.toLowerCase()) || taken.length > 8) break;
      // A name ends the place ("in Washington | twisted").
      const last = taken[taken.length - 1];
      if (
        taken.length > 1 &&
        /^\p{Lu}/u.test(last) &&
        !/^\p{Lu}/u.test(clean) &&
        !/^(of|and|de|von|van)$/.test(clean)
      )
        break;
      taken.push(clean);
      if (clean !== next) break;
    }
    const phrase = taken.join(' ');
    if (taken.length < 2 || TIME.exec(phrase)?.index === 0) continue;
    // "at once", "at least": idioms, no place (round five: "You push when doing CPR at once.").
    if (NO_PLACE.has(phrase.toLowerCase())) continue;
    // A place joined by "and" to the asked thing itself says what it is among, not where it is ("Life in the
    // cities of Harappa and Mohenjo-daro" is not where Mohenjo-daro is).
    const after = words
      .slice(at + taken.length)
      .join(' ')
      .split(/[,;:]/)[0];
    const joined = /^(?:and|or)\b/i.test(after) ? new Set(wordsIn(after.toLowerCase()).map(stemOf)) : null;
    if (joined && [...subjectWords].some((word) => joined.has(stemOf(word)))) continue;
    if (
      taken
        .slice(1)
        .every((each) => asked.has(stemOf(each.toLowerCase())) || DETERMINERS.has(each.toLowerCase()))
    )
      continue;
    phrases.push({ text: phrase, named: taken.slice(1).some((each) => /^\p{Lu}/u.test(each)) });
  }
  if (phrases.length === 0) return null;
  const place = phrases.find((phrase) => phrase.named) ?? phrases[0];
  return finish(`${clause.subject} ${clause.verb} ${clause.rest} ${place.text}`.replace(/\s+/g, ' '));
}

/** Phrases opened by a place preposition that name no place. */
const NO_PLACE = new Set(
  'at once|at least|at last|at first|at all|at most|at times|at random|in fact|in time|in general|in short|in turn|in particular|in total|in addition|in brief|on time|on average|over time'.split(
    '|',
  ),
);

/** The noun phrase a sentence is about: its words before its verb ("Suspension bridges are…" → "Suspension bridges"). */
function subjectOf(sentence: string, verbLemmas: Set<string>): string | null {
  const words = bare(sentence)
    .replace(/^(in|on|at|during|by|from|after|before)\s+[^,]+,\s*/i, '')
    .split(/\s+/);
  for (const [at, word] of words.slice(0, 9).entries()) {
    const lower = word.toLowerCase().replace(/[,;:]$/, '');
    if (
      at > 0 &&
      (BE.has(lower) ||
        MODAL.has(lower) ||
        lower === 'has' ||
        lower === 'have' ||
        verbLemmas.has(verbLemma(lower)))
    )
      return words
        .slice(0, at)
        .join(' ')
        .replace(/[,;:]$/, '');
    if (/[,;:]$/.test(word)) return null;
  }
  return null;
}

/**
 * The name a sentence puts right after the noun a "which" question asks for — apposition: "Which scientist
 * worked out the dance?" + "Austrian scientist Karl von Frisch decoded the dance" → "Karl von Frisch".
 */
function apposedName(question: string, sentence: string): string | null {
  const noun = /^(?:which|what) (\p{L}+)\b/iu.exec(question.trim())?.[1];
  if (!noun || /^(kind|type|sort|is|are|was|were|do|does|did|of)$/i.test(noun)) return null;
  const escaped = noun.replace(/s$/i, '');
  const found = new RegExp(
    `\\b${escaped}s?,?\\s+(\\p{Lu}[\\p{L}'’-]*(?:\\s+(?:(?:von|van|de|da|di|del|der|le|la|bin|ibn)\\s+)*\\p{Lu}[\\p{L}'’-]*)*)`,
    'u',
  ).exec(sentence);
  return found ? found[1] : null;
}

/** "Which bee lays the eggs?" + "The queen is the only female that lays eggs…" → "The queen lays the eggs." */
function choiceStatement(question: string, sentence: string, before: string | undefined): string | null {
  const match = /^(?:which|what) (?:(?:kind|type|sort) of )?(\S+(?: (?:type|kind))?) (.+?)[?.!]*$/i.exec(
    question.trim(),
  );
  if (!match) return null;
  const rest = questionWords(match[2]);
  const named = apposedName(question, sentence);
  if (named) return finish(`${named} ${rest.join(' ')}`);
  const first = rest[0]?.toLowerCase() ?? '';
  // "Which crops do farmers sow?" asks for the object of the question's verb: the sentence's subject is not
  // it ("Kharif crops do farmers sow…"; round four). "Which bees do the work?" — "do" is the verb itself.
  if (DO.has(first) && rest[1] && !DETERMINERS.has(rest[1].toLowerCase())) return null;
  const verbs = new Set([verbLemma(first)]);
  let subject = subjectOf(sentence, verbs);
  if (subject && PRONOUN.test(subject) && before) subject = subjectOf(before, verbs);
  if (!subject || PRONOUN.test(subject) || subject.split(/\s+/).length > 6) return null;
  // Never a statement the sentence does not make: "Which triangle has no equal sides?" is not answered by
  // the subject of "An equilateral triangle has three equal sides".
  const negator = rest.find((word) => /^(no|not|never|without|none|nothing)$/i.test(word));
  if (negator && !new RegExp(`\\b${negator}\\b`, 'i').test(sentence)) return null;
  // The verb as the sentence says it agrees with its subject ("…are the best choice" → "are best…").
  const plural = /s$/i.test(subject.split(/\s+/).pop() ?? '') && !/(ss|us|is)$/i.test(subject);
  let verb = rest[0] ?? '';
  if (BE.has(first)) verb = plural ? (first === 'was' ? 'were' : 'are') : first === 'were' ? 'was' : 'is';
  else if (first === 'has' || first === 'have') verb = plural ? 'have' : 'has';
  else if (plural && /[^s]s$/.test(first)) verb = verbLemma(first);
  else if (!plural && !/s$/.test(first) && !MODAL.has(first) && !DO.has(first) && !/ed$/.test(first))
    verb = verbForm(first, 'does', sentence);
  return finish(
    `${uncapitalise(subject) === subject ? subject : subject} ${verb} ${rest.slice(1).join(' ')}`.replace(
      /\s+/g,
      ' ',
    ),
  );
}

/** "Is A cheaper than B?" + "…it is cheaper than a suspension bridge…" → "Yes, a cable-stayed bridge is cheaper than a suspension bridge." */
function comparativeStatement(question: string, sentence: string): string | null {
  const match = /^(is|are|was|were) (.+?) ((?:more |less )?\p{L}+) than (.+?)[?.!]*$/iu.exec(question.trim());
  if (!match) return null;
  const comparative = match[3].toLowerCase();
  const said = new RegExp(`\\b(not |no )?${comparative} than\\b`, 'iu').exec(sentence);
  if (!said || said[1]) return null;
  return finish(`yes, ${match[2]} ${match[1].toLowerCase()} ${comparative} than ${match[4]}`);
}

/**
 * The answer's first sentence in its own words, built from the question and the course sentence that
 * answers it (and the sentence before it, for "it"); null when it cannot be built.
 */
export function statementFor(
  intent: AskedFor,
  question: string,
  sentence: string,
  before?: string,
): string | null {
  // Statements are composed from English question forms only: a Hindi answer opens with the course's sentence.
  if (isDevanagari(question)) return null;
  let statement: string | null;
  try {
    switch (intent) {
      case 'count':
        statement = countStatement(question, sentence);
        break;
      case 'definition':
        statement = definitionStatement(question, sentence);
        break;
      case 'cause':
        statement = causeStatement(question, sentence, before);
        break;
      case 'time':
        statement = timeStatement(question, sentence);
        break;
      case 'place':
        statement = placeStatement(question, sentence);
        break;
      case 'choice':
        statement = choiceStatement(question, sentence, before);
        break;
      case 'compare':
        statement = comparativeStatement(question, sentence);
        break;
      default:
        statement = null;
    }
  } catch {
    return null;
  }
  const ok =
    statement !== null &&
    !endsUnfinished(statement) &&
    saysSomethingNew(statement, question) &&
    liftedFrom(statement, question, sentence, before);
  return ok ? statement : null;
}

/** Words a finished English sentence does not end on ("…because of soft materials like."; round five). */
const UNFINISHED_END = new Set(
  'like of to for with by from as the a an and or but in on at than such into onto about whose which that'.split(
    ' ',
  ),
);
const endsUnfinished = (statement: string) =>
  UNFINISHED_END.has(wordsIn(statement.toLocaleLowerCase()).at(-1) ?? '');

/**
 * Whether a statement says something the question does not: "Which snakes cause most deadly bites in
 * India?" is not answered by "India causes most deadly bites in India." (round five). Stop words and the
 * question's own words do not count.
 */
function saysSomethingNew(statement: string, question: string): boolean {
  const asked = new Set(wordsIn(question.toLocaleLowerCase()).map((word) => stemOf(verbLemma(word))));
  return wordsIn(statement.toLocaleLowerCase()).some(
    (word) => !STOP_WORDS.has(word) && !asked.has(stemOf(verbLemma(word))),
  );
}

/** Words a statement may carry without the course sentence saying them: function words and "yes". */
const FUNCTION_WORDS = new Set([...'yes no not while than'.split(' '), ...AUX_WORDS, ...DETERMINERS]);
const DEMONSTRATIVE = /^(this|that|these|those)$/;
const PERSONAL = /^(it|them|they|him|her)$/;

/** A word's keys for matching another form of it: its stem, and its verb lemma's and noun lemma's stems. */
function formsOf(word: string): string[] {
  const lower = word.toLocaleLowerCase();
  if (!/^[a-z]+$/.test(lower)) return [lower];
  const lemmas = lemmatizerOf();
  return [...new Set([stemOf(lower), stemOf(verbLemma(lower)), stemOf(lemmas.noun(lower))])];
}

/** Two numbers or two names the source joins ("between 4,000 and 11,000", "Pakistan and Afghanistan"). */
const CONJOINED =
  /(\p{Nd}[\p{Nd},.]*|\p{Lu}\p{Ll}+)(?:\s*(?:,|–)\s*|\s+(?:and|or|to)\s+)(?:\p{Nd}[\p{Nd},.]*|\p{Lu}\p{Ll}+)/gu;

/**
 * Round three (decision 057): the final check of a composed statement against the course sentence it comes
 * from (and the one before it, which a pronoun leans on). The statement may never claim more or other than
 * its source. The question's own words frame it (its premise, its subject); every other content word and
 * number is the answer and must be in the source (another form of the word will do), in the source's order;
 * a number keeps what the source counts with it ("50 milliamps", not "50 current"); a number or name the
 * source gives as one end of a range or one item of a list ("between 4,000 and 11,000", "Pakistan and
 * Afghanistan") comes with the others; no word twice in a row ("from from"); no "this" or "it" left
 * dangling as the object. When the check fails the course sentence itself answers: a true sentence beats a
 * wrong one.
 */
export function liftedFrom(statement: string, question: string, sentence: string, before?: string): boolean {
  const said = wordsIn(statement.toLocaleLowerCase());
  if (said.length === 0) return false;
  if (said.some((word, index) => index > 0 && said[index - 1] === word)) return false;
  const source = `${before ?? ''} ${sentence}`;
  const sourceWords = wordsIn(source.toLocaleLowerCase());
  const last = said[said.length - 1];
  const ending = ` ${said.slice(-2).join(' ')} `;
  const endsAlike = ` ${sourceWords.join(' ')} `.includes(ending);
  if (DEMONSTRATIVE.test(last) || (PERSONAL.test(last) && !endsAlike)) return false;
  const asked = new Set(wordsIn(question.toLocaleLowerCase()).flatMap(formsOf));
  const at = (word: string, from: number) => {
    const keys = new Set(formsOf(word));
    const matches = sourceWords
      .map((each, index) => (formsOf(each).some((key) => keys.has(key)) ? index : -1))
      .filter((index) => index >= 0);
    return matches.find((index) => index >= from) ?? matches[0];
  };
  let previous = 0;
  let descents = 0;
  for (const [index, word] of said.entries()) {
    const numeric = /^\p{Nd}/u.test(word);
    if (!numeric && (STOP_WORDS.has(word) || FUNCTION_WORDS.has(word))) continue;
    if (!numeric && formsOf(word).some((key) => asked.has(key))) continue;
    const found = at(word, previous);
    if (found === undefined) return false;
    if (found < previous) descents++;
    previous = found;
    // What the source counts with a number follows it in the statement too (within two words).
    const counted = sourceWords[found + 1];
    if (numeric && counted && !/^\p{Nd}/u.test(counted) && !STOP_WORDS.has(counted)) {
      const next = said.slice(index + 1, index + 3);
      if (next.length > 0 && !sourceWords.slice(found + 1, found + 4).includes(next[0])) return false;
    }
  }
  // Kept whole: a range or a list of numbers or names of which the statement names only a part.
  const saidSet = new Set(said);
  for (const match of source.matchAll(CONJOINED)) {
    const parts = wordsIn(match[0].toLocaleLowerCase()).filter((word) => !/^(and|or|to)$/.test(word));
    const numbers = parts.every((part) => /^\p{Nd}/u.test(part));
    // Names: capitalised words, the first not opening the source's sentence.
    const opening = /(^|[.!?:;]\s*)$/.test(source.slice(0, match.index).trimEnd());
    const names = !numbers && parts.every((part) => /^\p{L}/u.test(part)) && !opening;
    if (!numbers && !names) continue;
    const held = parts.filter((part) => saidSet.has(part));
    if (held.length > 0 && held.length < parts.length) return false;
  }
  return descents <= 1;
}

/**
 * Whether a sentence says the predicate of a "which" question — every word after the asked noun, "no" and
 * "not" included ("Which triangle has no equal sides?" → "A scalene triangle has no equal sides."): then its
 * subject is the one meant, superlative or not.
 */
function saysPredicate(question: string, sentence: string): boolean {
  const match = /^(?:which|what) (?:(?:kind|type|sort) of )?\S+ (.+?)[?.!]*$/i.exec(question.trim());
  if (!match) return false;
  const said = new Set(wordsIn(sentence.toLowerCase()).map((word) => stemOf(verbLemma(word))));
  const wanted = wordsIn(match[1].toLowerCase()).filter((word) => !DETERMINERS.has(word));
  return wanted.length > 0 && wanted.every((word) => said.has(stemOf(verbLemma(word))));
}

/** Whether a sentence holds what the intent asks for: a number, a cause, a definition, a time, a place. */
export function givesWhatIsAsked(intent: AskedFor, question: string, sentence: string): boolean {
  if (isDevanagari(question)) return hindiGives(intent, sentence, question) ?? false;
  switch (intent) {
    case 'count': {
      if (!new RegExp(`\\b${NUMBER}\\b`, 'iu').test(sentence)) return false;
      // "How long does a worker live?" asks a time, "How deep is…" a length: a number of the wrong kind (60,000
      // bees) does not answer it.
      const dimension = /^how (long|old|often|far|deep|tall|high|wide|thick|heavy)\b\s*(\p{L}+)?/iu.exec(
        question.trim(),
      );
      if (!dimension) return true;
      const [, adjective, next = ''] = dimension;
      const kind = adjective.toLowerCase();
      // "How long is…", "How long can a beam be…" may ask a length; "How long does… live" a time.
      const wanted =
        kind === 'old' ||
        kind === 'often' ||
        (kind === 'long' && !BE.has(next.toLowerCase()) && !/\bbe\b/i.test(question))
          ? DURATION
          : kind === 'heavy'
            ? WEIGHT
            : kind === 'long'
              ? new RegExp(`${DURATION.source}|${LENGTH.source}`, 'iu')
              : LENGTH;
      return wanted.test(sentence);
    }
    case 'cause':
      return (
        CAUSE.test(sentence) ||
        SO.test(sentence) ||
        RESULT_OPENER.test(sentence.trim()) ||
        AS_CAUSE.test(sentence) ||
        /\b(causes?d?|reasons?|makes?|leads? to|results? in|therefore|when|once|as a result)\b/i.test(
          sentence,
        )
      );
    case 'time':
      return TIME.test(sentence);
    case 'place':
      return (
        bare(sentence)
          .split(/\s+/)
          .some((word, at, all) => PLACE_PREPOSITION.test(word) && at < all.length - 1) ||
        WHERE_CLAUSE.test(sentence)
      );
    case 'definition': {
      const target = definitionTarget(question);
      const named = target ? target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '';
      return (
        /\b(is|are) (called|known as)\b|\bcalled\b|\bmeans\b|\brefers to\b/i.test(sentence) ||
        (target !== null && appositive(target, sentence) !== null) ||
        (named !== '' &&
          new RegExp(`^(?:(?:a|an|the)\\s+)?${named}\\w*\\s+(?:is|are)\\b${NOT_COMPARED}`, 'iu').test(
            sentence.trim(),
          ))
      );
    }
    case 'choice':
      return (
        /\b(best|most|only|cheapest|simplest|longest|largest|strongest|\w+est)\b/i.test(sentence) ||
        saysPredicate(question, sentence) ||
        apposedName(question, sentence) !== null
      );
    case 'compare':
      return /\b(\w+er than|more|less|while|whereas|unlike|but|both)\b/i.test(sentence);
    default:
      return false;
  }
}

/**
 * A passage that recaps the lesson ("Summary", "In short", "Key points"…, "सारांश"): its sentences repeat what
 * the teaching passages say, shorter and without the why or the number. It answers only when no teaching
 * passage does as well (round four: "where does digestion start" was cited to the summary slide, "why should
 * we eat fibre" answered by "Fibre and water keep the whole system healthy."). Teachers label such slides by
 * these few words; a lexical test of "repeats the others" could not tell them from closely related slides.
 */
const RECAP_HEADING =
  /^\s*(?:(?:a\s+)?(?:quick\s+|short\s+)?(?:summary|recap|review|overview of what we learned)|in\s+(?:short|summary|brief)|to\s+sum\s+up|key\s+(?:points|ideas|facts|takeaways|terms)|takeaways|conclusion|wrap[\s-]?up|remember|सारांश|निष्कर्ष|सार|मुख्य\s+बातें)(?=$|[\s:.!,–-])/iu;
export const isRecap = (heading: string) => RECAP_HEADING.test(heading);
