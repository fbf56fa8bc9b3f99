import { verbLemma } from './lemmas';

/**
 * What a question asks for, and the sentence of its own that states it (decision 057): "How many sides does a
 * hexagon have?" asks for a count; from "A regular hexagon has six equal sides…" it states "A hexagon has six
 * sides." Only the question's and the course sentence's own words are used — a statement that cannot be built
 * from them is not made, and the course sentence answers alone. English question forms; in other scripts the
 * intent is "other" and the course sentence answers.
 */
export type AskedFor = 'count' | 'definition' | 'cause' | 'choice' | 'time' | 'place' | 'compare' | 'other';

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** The words of a text in any script (Unicode word boundaries), as written. */
export function wordsIn(text: string): string[] {
  return [...segmenter.segment(text)].filter((part) => part.isWordLike).map((part) => part.segment);
}

export function intentOf(question: string): AskedFor {
  const q = question.trim().toLowerCase();
  if (/\b(difference|differ|compared? (with|to)|versus|vs\.?)\b|\b\w+er than\b|\bmore \w+ than\b/.test(q))
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
const PLACE_PREPOSITION =
  /^(in|at|on|from|inside|under|near|into|through|across|along|around|beneath|within|above|below)$/i;
const CLAUSE_WORDS = new Set(
  'which that and but so because while when where who whose until unless if or to is are was were can will'.split(
    ' ',
  ),
);
const CAUSE = /\b(because|since|as a result of|due to|so that|in order to|thanks to)\b/i;
const SO = /,?\s+so\s+(?!that\b)/i;

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
  if (aux === 'did') return used && !/s$/.test(used) && used !== lemma ? used : `did ${verb}`;
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
function statementClause(aux: string, words: string[], sentence: string): Clause | null {
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
          (FOLLOWS_VERB.has(word) && !DETERMINERS.has(word) && word !== 'of')),
    );
    if (end < 0) {
      end = 0;
      for (let at = 0; at < words.length; at += 1) {
        if (said.has(stemOf(lower[at])) || (at > 0 && /^\p{Lu}/u.test(words[at]))) end = at + 1;
        else if (at >= start) break;
      }
    }
    if (end === 0) end = Math.max(start, words.length - 1);
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
  else while (at < words.length - 1 && !FOLLOWS_VERB.has(lower[at + 1])) at += 1;
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
 * A crude English stem, enough to match "triangles" with "triangle" and "measuring" with "measure"; words of
 * other scripts are kept whole.
 */
export const stemOf = (word: string) =>
  /^[a-z]+$/.test(word)
    ? word
        .replace(/(ies|es|s|ing|ed|ly)$/, '')
        .replace(/e$/, '')
        .slice(0, 7)
    : word;

const AUX = '(do|does|did|is|are|was|were|can|could|will|would|should|must|may|might)';
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
): { text: string; unitless: string } | null {
  const found = [...sentence.matchAll(QUANTITY)].filter(
    (match) => !/^\p{Nd}{4}$/u.test(match[0].trim()) || wantsUnit,
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
  const text = ranked[0][0].trim();
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
    const quantity = quantityIn(sentence, [], true);
    if (
      quantity &&
      !/\p{L}$/u.test(quantity.text.replace(/\s+(a|per|each|every) \p{L}+$/u, '')) &&
      match[1].toLowerCase() !== 'often'
    )
      return null;
    if (quantity && COUNTABLE.test(quantity.text.split(/\s+/).pop() ?? '')) return null;
    const clause = statementClause(match[2].toLowerCase(), questionWords(match[3]), sentence);
    if (!quantity || !clause) return null;
    const old =
      match[1].toLowerCase() === 'old' && !/\bold$/i.test(quantity.text) && BE.has(clause.verb) ? ' old' : '';
    const quantityText =
      match[1].toLowerCase() === 'long' &&
      !BE.has(clause.verb) &&
      /(day|week|month|year|hour|minute|second|centur|decade)s?$/i.test(quantity.text) &&
      !/^(for|about|up to|only|over|almost|nearly)\b/i.test(quantity.text)
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
    new RegExp(`^(?:(?:a|an|the)\\s+)?${escaped}\\w*\\s+(?:is|are|was|were|means|refers)\\b`, 'iu').test(
      plain,
    )
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
    if (determiner > 0 && !/^(in|of|on|at)$/i.test(before[determiner - 1])) from = determiner;
    else
      while (
        from > 0 &&
        !CLAUSE_WORDS.has(before[from - 1].toLowerCase()) &&
        !/[,;:]$/.test(before[from - 1]) &&
        !/^(through|with|by|from|into|out|up|of)$/i.test(before[from - 1]) &&
        !BE.has(before[from - 1].toLowerCase())
      )
        from -= 1;
    const phrase = before
      .slice(from)
      .join(' ')
      .replace(/^(the|this|these)\s+/i, 'the ');
    if (!phrase) return null;
    const copula = /s$/i.test(target) && !/(ss|us|is)$/i.test(target) ? 'are' : 'is';
    return finish(`${subject} ${copula} ${uncapitalise(phrase)}`);
  }
  return null;
}

/** "Why are beam bridges short?" + "…, because a longer beam sags…" → "Beam bridges are short because a longer beam sags…". */
function causeStatement(question: string, sentence: string): string | null {
  const match = new RegExp(`^(?:why|how come) ${AUX} (.+?)[?.!]*$`, 'i').exec(question.trim());
  const plain = bare(sentence);
  let cause: string | null = null;
  const marked = CAUSE.exec(plain);
  if (marked && marked.index > 0)
    cause = `${marked[1].toLowerCase()} ${plain.slice((marked.index ?? 0) + marked[0].length).trim()}`;
  else if (marked && marked.index === 0) {
    const rest = plain.slice(marked[0].length).trim();
    const comma = rest.indexOf(',');
    if (comma > 0) cause = `${marked[1].toLowerCase()} ${rest.slice(0, comma)}`;
  } else {
    // "A, so B" answers why B: A is the cause — when the question is about B (more of its words) rather than A.
    const so = SO.exec(plain);
    const asked = new Set(questionWords(question.toLowerCase()).map(stemOf));
    const overlap = (text: string) =>
      questionWords(text.toLowerCase()).filter((word) => asked.has(stemOf(word))).length;
    if (so && so.index > 0) {
      const [reason, result] = [plain.slice(0, so.index), plain.slice(so.index + so[0].length)];
      if (overlap(result) > overlap(reason)) cause = `because ${uncapitalise(reason.trim())}`;
    }
  }
  if (!cause || !match) return null;
  const clause = statementClause(match[1].toLowerCase(), questionWords(match[2]), sentence);
  if (!clause) return null;
  return finish(`${clause.subject} ${clause.verb} ${clause.rest} ${cause}`.replace(/\s+/g, ' '));
}

/** "When did the Tacoma Narrows Bridge collapse?" + "In 1940 the … collapsed" → "The Tacoma Narrows Bridge collapsed in 1940." */
function timeStatement(question: string, sentence: string): string | null {
  const match = new RegExp(`^when ${AUX} (.+?)[?.!]*$`, 'i').exec(question.trim());
  const time = TIME.exec(sentence);
  if (!match || !time) return null;
  const clause = statementClause(match[1].toLowerCase(), questionWords(match[2]), sentence);
  if (!clause) return null;
  let when = time[0].trim();
  if (!/^(in|on|during|by|since|after|before|around|until|every|each|from)\b/i.test(when))
    when = `in ${when}`;
  return finish(`${clause.subject} ${clause.verb} ${clause.rest} ${uncapitalise(when)}`.replace(/\s+/g, ' '));
}

/** "Where was the bridge?" + "…the bridge in Washington…" → "The bridge was in Washington." */
function placeStatement(question: string, sentence: string): string | null {
  const match = new RegExp(`^where ${AUX} (.+?)[?.!]*$`, 'i').exec(question.trim());
  if (!match) return null;
  const clause = statementClause(match[1].toLowerCase(), questionWords(match[2]), sentence);
  if (!clause) return null;
  const asked = new Set(questionWords(match[2]).map((word) => stemOf(word.toLowerCase())));
  const words = bare(sentence).split(/\s+/);
  const phrases: { text: string; named: boolean }[] = [];
  for (const [at, word] of words.entries()) {
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

/** "Which bee lays the eggs?" + "The queen is the only female that lays eggs…" → "The queen lays the eggs." */
function choiceStatement(question: string, sentence: string, before: string | undefined): string | null {
  const match = /^(?:which|what) (?:(?:kind|type|sort) of )?(\S+(?: (?:type|kind))?) (.+?)[?.!]*$/i.exec(
    question.trim(),
  );
  if (!match) return null;
  const rest = questionWords(match[2]);
  const first = rest[0]?.toLowerCase() ?? '';
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
  try {
    switch (intent) {
      case 'count':
        return countStatement(question, sentence);
      case 'definition':
        return definitionStatement(question, sentence);
      case 'cause':
        return causeStatement(question, sentence);
      case 'time':
        return timeStatement(question, sentence);
      case 'place':
        return placeStatement(question, sentence);
      case 'choice':
        return choiceStatement(question, sentence, before);
      case 'compare':
        return comparativeStatement(question, sentence);
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** Whether a sentence holds what the intent asks for: a number, a cause, a definition, a time, a place. */
export function givesWhatIsAsked(intent: AskedFor, question: string, sentence: string): boolean {
  switch (intent) {
    case 'count':
      return new RegExp(`\\b${NUMBER}\\b`, 'iu').test(sentence);
    case 'cause':
      return (
        CAUSE.test(sentence) ||
        SO.test(sentence) ||
        /\b(causes?d?|reasons?|makes?|leads? to|results? in|therefore|when|once|as a result)\b/i.test(
          sentence,
        )
      );
    case 'time':
      return TIME.test(sentence);
    case 'place':
      return bare(sentence)
        .split(/\s+/)
        .some((word, at, all) => PLACE_PREPOSITION.test(word) && at < all.length - 1);
    case 'definition': {
      const target = definitionTarget(question);
      const named = target ? target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '';
      return (
        /\b(is|are) (called|known as)\b|\bcalled\b|\bmeans\b|\brefers to\b/i.test(sentence) ||
        (named !== '' &&
          new RegExp(`^(?:(?:a|an|the)\\s+)?${named}\\w*\\s+(?:is|are)\\b`, 'iu').test(sentence.trim()))
      );
    }
    case 'choice':
      return /\b(best|most|only|cheapest|simplest|longest|largest|strongest|\w+est)\b/i.test(sentence);
    case 'compare':
      return /\b(\w+er than|more|less|while|whereas|unlike|but|both)\b/i.test(sentence);
    default:
      return false;
  }
}
