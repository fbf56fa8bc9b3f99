import { sql } from 'drizzle-orm';
import type { SourceKind } from '../../../common/gurus';
import { searchFold } from '../../../common/search-fold';
import type { App } from '../../http/app-type';
import { definitionTarget, intentOf, isRecap, stemOf, wordsIn } from '../../providers/llm/answer-intents';
import {
  HINDI_POSTPOSITIONS,
  hindiFocus,
  hindiSynonyms,
  isDevanagari,
  isWeakHindi,
} from '../../providers/llm/hindi';
import { lemmatizerOf } from '../../providers/llm/lemmas';
import { STOP_WORDS } from '../../providers/llm/stop-words';
import type { Passage, QuestionTerm } from '../../providers/llm/types';
import { CourseWordsCache } from './course-words-cache';
import { type CourseGloss, glossedQuestion, glossesIn } from './lexicon/course-glosses';
import { baseForms, expandWord } from './lexicon/expand';
import { everydayCounterparts } from './lexicon/glossary-hi';
import { isSchoolSubject } from './lexicon/school-subjects';
import { correctedSpelling, writtenOut } from './lexicon/spelling';
import { synsetOffsets } from './lexicon/wordnet';

/**
 * The relevance floor. A passage counts only when its ts_rank_cd reaches MIN_RANK and it holds enough of
 * the question's topic words (its words but the FILLER ones, stop words, and words of very many meanings
 * beside specific ones): MIN_MATCHED of them as written or as a dictionary form ("polyhedra" →
 * "polyhedron"), or all of them when the question has fewer; or one of them and related words
 * (RELATED_WEIGHT each) to a coverage of MIN_COVERAGE. One shared everyday word ("world", "good") is not
 * enough, so off-topic questions find nothing; a question with a word the course does not use is still
 * answered when two others are found, or when that word is a vague one ("make", "get") beside a specific one
 * that is. Tuned by retrieval.test.ts and bench/guru-answers.ts.
 */
export const MIN_RANK = 0.01;
export const MIN_MATCHED = 2;
export const MIN_COVERAGE = 2;
export const RELATED_WEIGHT = 0.5;
/**
 * How the candidates are ordered (fusion): coverage of the whole passage, plus SENTENCE_WEIGHT × the coverage
 * of its best single sentence (the answer is usually one sentence holding the question's words together),
 * plus HEADING_WEIGHT × the topic words found in its heading (a slide's title, an FAQ's question), plus at
 * most RANK_WEIGHT from ts_rank_cd.
 */
export const SENTENCE_WEIGHT = 0.5;
export const HEADING_WEIGHT = 0.25;
export const RANK_WEIGHT = 0.2;
/** What being a recap ("Summary", "In short"…: answer-intents.ts isRecap) costs a passage in the order. */
export const RECAP_PENALTY = 0.5;
/** A word in WIDE_SHARE of the guru's passages or more (at least WIDE_MIN) is the course's topic word. */
export const WIDE_SHARE = 1 / 3;
export const WIDE_MIN = 3;
/**
 * A word in TOPIC_SHARE of the guru's passages or more (at least WIDE_MIN) runs through the whole course ("bridge"
 * in a course on bridges): a passage must share with the question something besides one such word, as written
 * (issue 37). Half, not WIDE_SHARE: at a third, "What do the fluffy white clouds mean?" was refused in the
 * water-cycle deck, whose clouds are in a third of its slides (bench/guru-answers.ts).
 */
export const TOPIC_SHARE = 1 / 2;
/** How many relevant passages the sentence-level scoring looks at. */
const CANDIDATES = 20;
/** Stemmed words of how a question is asked, not what about ("what does X mean", "please explain Y"). */
export const FILLER = [
  'mean',
  'explain',
  'tell',
  'describ',
  'defin',
  'understand',
  'know',
  'help',
  'pleas',
  'want',
  // How a question asks for a count, a kind or a comparison ("how many", "which type", "the difference").
  'mani',
  'much',
  'type',
  'kind',
  'sort',
  'differ',
  'happen',
];
/** How a Hindi verb typed in Latin letters ends: infinitive, participle, future, polite imperative. */
const HINDI_VERB_ENDING = /(?:na|ne|ni|ta|te|ti|ya|yi|ye|kar|ega|egi|enge|iye|ge|gi|ga)$/u;

/** "How long/far/old…" asks for a quantity: the word after "how" is not what the question is about. */
const HOW_WORDS = new Set([
  'many',
  'much',
  'long',
  'far',
  'old',
  'big',
  'tall',
  'high',
  'deep',
  'wide',
  'heavy',
  'fast',
  'large',
  'often',
]);
const MAX_WORDS = 24;

/**
 * The question's words (any script: Unicode word boundaries) with their dictionary forms and related words
 * (lexicon/expand.ts, English words only). `asked` marks the words of the term a "what is" question asks
 * about ("What is scour and why…?" → scour). A word of another script is searched by its folded stem as a
 * prefix (`prefix`: "ग्रहों" → "ग्रह", decision 065).
 */
export async function questionTerms(question: string): Promise<QuestionTerm[]> {
  const all = wordsIn(question.slice(0, 2000).toLocaleLowerCase()).map((word) => word.replace(/[’']s$/, ''));
  const target = new Set(wordsIn(definitionTarget(question)?.toLocaleLowerCase() ?? ''));
  const words = [
    ...new Set(all.filter((word, index) => !(index > 0 && all[index - 1] === 'how' && HOW_WORDS.has(word)))),
    // Stop words are dropped by the search anyway: they need no dictionary lookup ("does" → "DOE" → energy).
  ].filter((word) => !STOP_WORDS.has(word) && !STOP_WORDS.has(searchFold(word)));
  const asksPlaceTimeOrAmount = ['place', 'time', 'count'].includes(intentOf(question));
  // An English word in a Hindi question ("कितने planet हैं") is searched with its Hindi words too.
  const mixed = isDevanagari(question);
  const terms = await Promise.all(
    words.slice(0, MAX_WORDS).map(async (word): Promise<QuestionTerm> => {
      const synonyms = hindiSynonyms(word).map(stemOf);
      if ((!/^\p{Script=Latin}/u.test(word) && !/^\p{Nd}/u.test(word)) || (mixed && synonyms.length > 0)) {
        // The textbook's word for an everyday one (पेट → आमाशय, हक → अधिकार; lexicon/glossary-hi.ts), as weaker
        // evidence: as the word itself, "भारत को आज़ादी कब मिली" was a question about an 1857 course's
        // "स्वतंत्रता संग्राम" (round six measured both ways).
        const related = everydayCounterparts(word).map(searchFold);
        return {
          word: stemOf(word),
          forms: synonyms,
          related,
          weak: isWeakHindi(word) || isSchoolSubject(word),
          prefix: true,
        };
      }
      const expanded = /^[a-z][a-z'-]*$/.test(word)
        ? await expandWord(word)
        : { forms: [], related: [], weak: false };
      // A Latin word of a Hindi question that WordNet does not know, ending as Hindi's verbs do, is a verb the
      // course reading could not place ("banane", "lage", "pahuchta"): it need not be found, as a vague word need
      // not (round nine). A name ("kerala") or a noun ("kidney") still must.
      const unplaced = mixed && HINDI_VERB_ENDING.test(word) && (await baseForms(word)).size === 0;
      return {
        word,
        ...expanded,
        ...(unplaced || isSchoolSubject(word) ? { weak: true } : {}),
        ...(target.has(word) ? { asked: true } : {}),
        ...(asksPlaceTimeOrAmount && (await onlyAVerb(word)) ? { frames: true } : {}),
      };
    }),
  );
  // Two inflections of one word are one term ("ग्रह" and "ग्रहों"); so are an English word and the course's Hindi
  // for it beside it ("light की speed … (प्रकाश की चाल)": प्रकाश's forms hold "light"), or a sentence saying प्रकाश
  // would count it twice.
  return terms.filter(
    (term, index) =>
      terms.findIndex((other) => other.word === term.word) === index &&
      !(/^\p{Script=Latin}/u.test(term.word) && terms.some((other) => other.forms.includes(term.word))),
  );
}

/**
 * A word WordNet knows as a verb and never as a noun ("located", "stored", "kept", "found"). In a question
 * asking where, when or how much, such a verb only frames what is asked ("Where is bile stored?" — "kept
 * in the gall bladder"; round four, decision 057): a course that never uses it may still answer.
 */
async function onlyAVerb(word: string): Promise<boolean> {
  if (!/^\p{Ll}+$/u.test(word)) return false;
  const lemmas = lemmatizerOf();
  if ((await synsetOffsets('noun', lemmas.noun(word))).length > 0) return false;
  return (await synsetOffsets('verb', lemmas.verb(word))).length > 0;
}

/**
 * The question as the course would spell it (decision 057, round three): run-together forms written out
 * ("whats" → "what is"), and a word the course does not use and WordNet does not know replaced by the
 * course's nearest word ("vacine" → "vaccine", lexicon/spelling.ts). The course's words are read only when
 * a word may need it. A Hindi question with an English term gets the course's Hindi for it (course-glosses.ts).
 */
export async function correctedQuestion(
  app: App,
  guru: { id: string; trainedAt: Date | null },
  question: string,
): Promise<string> {
  const spelt = await correctedSpelling(writtenOut(question), () =>
    vocabularies.read(guru, async () => {
      // Headings too: a slide's title may be the only place the course writes a word ("पानीपत का पहला युद्ध",
      // "विद्युत लेपन (electroplating)").
      const result = await app.db.execute<{ word: string; n: number }>(sql`
        select w as word, count(*)::int as n
        from guru_chunks c, regexp_split_to_table(lower(c.heading || ' ' || c.text), '[[:space:][:punct:]]+') as w
        where c.guru_id = ${guru.id} and w <> ''
        group by w
      `);
      const vocabulary = new Map<string, number>();
      for (const row of result.rows)
        if (/^[\p{L}\p{M}]+$/u.test(row.word)) vocabulary.set(row.word, Number(row.n));
      return vocabulary;
    }),
  );
  // A Hindi question asking with an English term the course glosses in brackets: its Hindi words too.
  if (!/\p{Script=Devanagari}/u.test(spelt) || !/\p{Script=Latin}/u.test(spelt)) return spelt;
  const courseGlosses = await glossaries.read(guru, async () => {
    const bracketed = await app.db.execute<{ text: string }>(sql`
      select heading || ' ' || text as text from guru_chunks
      where guru_id = ${guru.id} and language not in ('', 'en') and text like '%(%'
    `);
    return glossesIn(bracketed.rows.map((row) => row.text));
  });
  return glossedQuestion(spelt, courseGlosses);
}

const vocabularies = new CourseWordsCache<Map<string, number>>();
const glossaries = new CourseWordsCache<CourseGloss[]>();

interface Row extends Record<string, unknown> {
  id: string;
  source_kind: SourceKind;
  title: string;
  heading: string;
  text: string;
  course_id: string | null;
  video_id: string | null;
  material_id: string | null;
  start_seconds: number | null;
  page: number | null;
  slide: number | null;
  rank: number;
  fused: number;
  /** The question's words the course uses that are not of many meanings. */
  specific_terms: number[];
  /** The question's words the course never uses. */
  absent_terms: number[];
  /** The question's words the course never uses, nor any word related to them. */
  unknown_terms: number[];
}

/** Words after which a noun is what a question asks about ("share a border", "the latin word for dog"). */
const BEFORE_OBJECT = new Set(
  'a an the this that these those my your his her its our their some any for with of in on at to from by about into'.split(
    ' ',
  ),
);

/**
 * Whether a question asks about a thing the course never names: a word of it the course does not use, that
 * WordNet knows mostly as a noun ("spreadsheet", "border", "dog"), after a determiner or a preposition; in Hindi,
 * a word the course does not use before a postposition or beside the question word.
 */
async function asksAboutSomethingElse(question: string, terms: QuestionTerm[], absent: number[]) {
  const words = wordsIn(question.toLocaleLowerCase());
  // A Hindi question: a noun the course never uses, as its postposition shows ("गाय के पेट"), or what is asked
  // beside the question word ("कौन सी गैस").
  const hindi = isDevanagari(question);
  const focus = hindi ? new Set([...hindiFocus(question)].map(stemOf)) : new Set<string>();
  const nouns = new Set(
    hindi ? words.filter((_, at) => HINDI_POSTPOSITIONS.has(words[at + 1] ?? '')).map(stemOf) : [],
  );
  for (const term of absent.map((index) => terms[index])) {
    if (term && writtenAsIs(term) && !term.weak && (focus.has(term.word) || nouns.has(term.word)))
      return true;
    if (!term || term.weak || (term.forms.length === 0 && term.related.length === 0)) continue;
    const at = words.indexOf(term.word);
    if (at <= 0 || !BEFORE_OBJECT.has(words[at - 1])) continue;
    // The word's own senses as each part of speech (not a noun it is made from: "fluffy" is no "fluff").
    const lemmas = lemmatizerOf();
    const noun = (await synsetOffsets('noun', lemmas.noun(term.word))).length;
    const verb = (await synsetOffsets('verb', lemmas.verb(term.word))).length;
    const adjective = (await synsetOffsets('adj', lemmas.adjective(term.word))).length;
    if (noun > 0 && noun >= verb && noun >= adjective) return true;
  }
  return false;
}

/** A term of a language searched without stemming (a Hindi word), not an English one. */
const writtenAsIs = (term: QuestionTerm) =>
  term.prefix === true || !/^[\p{Script=Latin}\p{Nd}]/u.test(term.word);

/**
 * A word searched without stemming (a Hindi word) that the question says twice and the course never uses: it
 * is what the question is about ("सूर्य ग्रहण और चंद्र ग्रहण में क्या अंतर है?" — an eclipse, in a course that only
 * names the sun and the moon; decision 065, round two). For English words asksAboutSomethingElse decides.
 */
function repeatsAnAbsentWord(question: string, terms: QuestionTerm[], absent: number[]): boolean {
  const stems = wordsIn(question.toLocaleLowerCase()).map(stemOf);
  return absent.some((index) => {
    const term = terms[index];
    return term?.prefix === true && stems.filter((stem) => stem === term.word).length >= 2;
  });
}

/**
 * A Hindi question most of whose specific words the course never says, in any word related to them either, asks
 * about something else, near as it comes ("पौधे जड़ से पानी ऊपर कैसे खींचते हैं" of a course on light that has पानी
 * and ऊपर; "LED बल्ब कितने रुपये का आता है"; round nine). English questions have asksAboutSomethingElse.
 */
function mostlyUnknown(question: string, terms: QuestionTerm[], unknown: number[]): boolean {
  if (!isDevanagari(question)) return false;
  const specific = terms.flatMap((term, index) => (term.weak ? [] : [index]));
  const missing = specific.filter((index) => unknown.includes(index));
  return missing.length * 2 > specific.length;
}

/**
 * Whether a passage is about what the question asks, not only sharing a name or a common word with it
 * (decision 057, round three): when the question asks about a thing the course never names, the passage
 * must still hold MIN_MATCHED of the question's specific words that are not names. A name ("Pakistan",
 * "Latin": capitalised in the question or, inside a sentence, everywhere in the passage) says who or where,
 * not what is asked.
 */
function aboutWhatIsAsked(question: string, terms: QuestionTerm[], row: Row): boolean {
  const found = row.specific_terms
    .map((index) => terms[index])
    .filter((term) => {
      if (!term) return false;
      const own = new Set([term.word, ...term.forms].map((word) => stemOf(word.toLocaleLowerCase())));
      const uses = [...row.text.matchAll(/[\p{L}\p{M}]+/gu)].filter((match) =>
        own.has(stemOf(match[0].toLocaleLowerCase())),
      );
      return uses.length > 0 && !isName(question, term.word, row.text, uses);
    });
  return found.length >= MIN_MATCHED;
}

/**
 * A word written as a name: capitalised after the question's first word, or every time the passage uses it
 * inside a sentence ("the Latin for cow").
 */
function isName(question: string, word: string, text: string, uses: RegExpMatchArray[]): boolean {
  const asked = wordsIn(question).slice(1);
  if (asked.some((each) => each.toLocaleLowerCase() === word && /^\p{Lu}/u.test(each))) return true;
  const inside = uses.filter((use) => !/(^|[.!?:;•\n])\s*$/u.test(text.slice(0, use.index)));
  return inside.length > 0 && inside.every((use) => /^\p{Lu}/u.test(use[0]));
}

/**
 * The guru's passages most relevant to the question, best first; [] when nothing clears the floor (only
 * stop words, or a question the material does not cover). Each topic word of the question is a group of
 * lexemes (english stemming inside PostgreSQL): its own and its forms', and its related words'. Passages
 * matching any are candidates; coverage decides whether one is relevant and the fusion how they are ordered.
 */
export async function retrievePassages(
  app: App,
  guruId: string,
  question: string,
  limit = 5,
  terms?: QuestionTerm[],
): Promise<Passage[]> {
  const asked = terms ?? (await questionTerms(question));
  const groups = asked.map((term, index) => ({
    index,
    word: term.word,
    forms: term.forms.join(' '),
    related: term.related.join(' '),
    weak: term.weak,
    asked: term.asked === true,
    frames: term.frames === true,
    prefix: term.prefix === true,
  }));
  if (groups.length === 0) return [];
  const result = await app.db.execute<Row>(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(groups)}::jsonb)
        as t(index int, word text, forms text, related text, weak boolean, asked boolean, frames boolean,
          prefix boolean)
    ),
    lexed as (
      -- A word is searched as English stems and as written ('simple'), so it is found in an English passage and
      -- in one of a language searched without stemming ("DNA" in a Hindi course); a prefix word as written.
      select index, weak, asked, frames, prefix,
        array(select lexeme from unnest(to_tsvector('english', word))) as self,
        array(
          select lexeme from unnest(to_tsvector('simple', gurukul_search_fold(word || ' ' || forms)))
          union
          select lexeme from unnest(to_tsvector('english', word || ' ' || forms)) where not prefix
        ) as own,
        array(select lexeme from unnest(to_tsvector('english', related))) as other
      from input
      -- A stop word is not a topic, whatever its dictionary forms are.
      where to_tsvector('english', word) <> ''::tsvector
    ),
    topical as (
      select index, weak, asked, frames, prefix, own,
        array(select unnest(other) except select unnest(own)) as other
      from lexed
      -- By the word as asked: "mean" stays how a question asks, whatever its forms ("meant", "meaner").
      where not (self <@ string_to_array(${FILLER.join(' ')}, ' '))
    ),
    quoted_all as (
      select index, weak, asked, frames, prefix,
        (select string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || ''''
            || case when prefix then ':*' else '' end, ' | ')
          from unnest(own) as l)::tsquery as own_query,
        (select string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || '''', ' | ')
          from unnest(other) as l)::tsquery as other_query,
        (select string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || ''''
            || case when prefix then ':*A' else ':A' end, ' | ')
          from unnest(own) as l)::tsquery as heading_query
      from topical
    ),
    found as (
      -- The course's own topic word ("bridge" in a course on bridges, in a third of its passages or more), and
      -- the words running through the whole course (in half of them or more).
      select a.*,
        h.n >= greatest(${WIDE_MIN}::int, ceil(${WIDE_SHARE}::float8 * t.total)) as wide,
        h.n >= greatest(${WIDE_MIN}::int, ceil(${TOPIC_SHARE}::float8 * t.total)) as topic,
        h.n = 0 as absent
      from quoted_all a
      cross join (select count(*) as total from guru_chunks where guru_id = ${guruId}) as t
      cross join lateral (
        select count(*) as n from guru_chunks c where c.guru_id = ${guruId} and c.search @@ a.own_query
      ) as h
    ),
    counted as (
      -- Nor through a related word: the course never says it in any way. Asked only of an absent word.
      select f.*,
        f.absent and (f.other_query is null
          or not exists (select 1 from guru_chunks c where c.guru_id = ${guruId} and c.search @@ f.other_query))
          as unknown
      from found f
    ),
    quoted as (
      -- A word of many meanings need not be found beside a specific one ("How are glaciers made?"); when
      -- the question has only such words, they are its topic after all.
      -- A verb that only frames a where/when/how-much question need not be found when the course never uses
      -- it, beside a specific word that is ("Where is the pancreas located?").
      select *,
        (weak and exists (select 1 from counted t where not t.weak))
          or (frames and absent and exists (select 1 from counted t where not t.weak and not t.absent and not t.frames))
          as optional
      from counted
    ),
    q as (
      select
        (select string_agg(own_query::text, ' | ') from quoted)::tsquery as own_query,
        -- Every relevant passage holds at least one required word as written: the index finds those.
        (select string_agg(own_query::text, ' | ') from quoted where not optional)::tsquery as required_query,
        (select string_agg(other_query::text, ' | ') from quoted where other_query is not null)::tsquery
          as other_query,
        (select count(*) from quoted where not optional)::int as wanted,
        (select count(*) from quoted where asked)::int as asked,
        (select count(*) from quoted where not optional and not wide)::int as specific,
        -- A word of a language searched as written that the course never uses is judged by mostlyUnknown (it
        -- may be how the question asks: "सूर्य किससे बना है?").
        (select count(*) from quoted where not optional and not topic and not (absent and prefix))::int as telling
    ),
    hits as (
      select c.*, m.coverage, m.own_matched, m.heading_matched, m.asked_matched, m.asked_in_heading, m.specific_matched,
        m.telling_found, m.topic_found, m.found_all, q.wanted,
        q.specific, q.telling,
        q.asked, q.own_query, q.other_query
      from guru_chunks c cross join q
      cross join lateral (
        -- Each topic word once per passage: found as written, only through a related word, in the heading.
        select
          coalesce(sum(case when f.own then 1 when f.other then ${RELATED_WEIGHT}::float8 else 0 end), 0)::float8
            as coverage,
          (count(*) filter (where f.own and not f.optional))::int as own_matched,
          (count(*) filter (where f.own and c.search @@ f.heading_query))::int as heading_matched,
          (count(*) filter (where f.own and f.asked))::int as asked_matched,
          (count(*) filter (where f.own and not f.optional and not f.wide))::int as specific_matched,
          -- What sets the question apart from the words running through the course, found in the passage: as
          -- written, or a Hindi word through its counterpart (below). WordNet's related words ("cross" →
          -- "structure", "toll" → "cost") are too loose to be what a passage shares with the question.
          (count(*) filter (where (f.own or (f.other and f.prefix)) and not f.optional and not f.topic))::int
            as telling_found,
          (count(*) filter (where f.own and not f.optional and f.topic))::int as topic_found,
          -- A Hindi word's related words are its everyday or textbook counterparts (glossary-hi.ts), near
          -- synonyms; WordNet's for an English word are too loose for this ("tune a guitar" → "stringed").
          (count(*) filter (where (f.own or (f.other and f.prefix)) and not f.optional))::int as found_all,
          (count(*) filter (where f.own and f.asked and c.search @@ f.heading_query))::int as asked_in_heading
        from (
          select g.optional, g.asked, g.wide, g.topic, g.prefix, g.heading_query, c.search @@ g.own_query as own,
            g.other_query is not null and not (c.search @@ g.own_query) and c.search @@ g.other_query as other
          from quoted g
        ) as f
      ) as m
      where q.required_query is not null and c.guru_id = ${guruId} and c.search @@ q.required_query
    ),
    covering as materialized (
      select * from hits
      -- A passage that shares with the question only one word running through the course ("bridge" in a
      -- course on bridges), beside words related to the others at most, is not about what is asked: "How much
      -- toll is paid to cross bridges?" is no question for the slide on how bridges are designed (issue 37).
      -- Two such words together say more ("When did the Mauryan empire end?"); a question of only such words
      -- is about the course itself ("What is a bridge?").
      where (telling = 0 or telling_found > 0 or topic_found >= 2) and (
        own_matched >= least(${MIN_MATCHED}::int, wanted) or coverage >= ${MIN_COVERAGE}::float8
        -- A passage that explains the asked term: all its words found, one in the heading ("What is scour and
        -- why is it dangerous?" → the slide titled Scour).
        or (asked > 0 and asked_matched = asked and asked_in_heading > 0)
        -- Every word but the course's topic word found: the slide need not repeat it ("Which bees have no
        -- sting?" → the slide on drones). The topic word alone never is enough.
        or (specific > 0 and specific_matched = specific)
        -- Every word found, one of them only through its related word and one specific word as asked ("दिन में
        -- परछाई सबसे छोटी कब होती है" → "…छाया सबसे छोटी होती है"; round nine).
        or (wanted >= 2 and found_all = wanted and specific_matched >= 1))
    ),
    relevant as (
      -- ts_rank_cd is the costly part: only for passages that cover the question.
      select * from (
        select covering.*,
          ts_rank_cd(search, own_query)
            + ${RELATED_WEIGHT}::float8 * coalesce(ts_rank_cd(search, other_query), 0) as rank
        from covering
      ) as ranked
      where rank >= ${MIN_RANK}::float8
      -- Sentences are scored for the best candidates only: a guru of many courses has thousands of passages.
      order by coverage desc, heading_matched desc, rank desc
      limit ${CANDIDATES}::int
    ),
    scored as (
      select r.*,
        coalesce((select max(
            (select sum(case when sentence.vector @@ g.own_query then 1
                             when g.other_query is not null and sentence.vector @@ g.other_query
                               then ${RELATED_WEIGHT}::float8
                             else 0 end)
              from quoted g))
          -- Another language's passage is folded once, its dandas kept as points to split at (the fold makes
          -- them spaces), not once a sentence.
          from regexp_split_to_table(
              case when r.language in ('', 'en') then r.text
                else gurukul_search_fold(translate(r.text, '।॥', '..')) end,
              '(?<=[.!?।॥])\s+') as s,
            lateral (select case when r.language in ('', 'en') then to_tsvector('english', s)
              else to_tsvector('simple', s) end as vector) as sentence), 0)::float8
          as sentence_coverage
      from relevant r
    )
    select id, source_kind, title, heading, text, course_id, video_id, material_id, start_seconds, page, slide,
      rank,
      coverage + ${SENTENCE_WEIGHT}::float8 * sentence_coverage + ${HEADING_WEIGHT}::float8 * heading_matched
        -- ts_rank_cd grows with every repetition of a word: bounded, it only breaks ties.
        + ${RANK_WEIGHT}::float8 * rank / (rank + 1) as fused,
      (select coalesce(array_agg(index), '{}') from quoted where not weak and not absent)
        as specific_terms,
      (select coalesce(array_agg(index), '{}') from quoted where absent) as absent_terms,
      (select coalesce(array_agg(index), '{}') from quoted where unknown) as unknown_terms
    from scored
    order by fused desc, position asc
    limit ${limit}
  `);
  if (result.rows.length > 0 && repeatsAnAbsentWord(question, asked, result.rows[0].absent_terms)) return [];
  if (result.rows.length > 0 && mostlyUnknown(question, asked, result.rows[0].unknown_terms)) return [];
  const elsewhere =
    result.rows.length > 0 && (await asksAboutSomethingElse(question, asked, result.rows[0].absent_terms));
  const rows = (
    elsewhere ? result.rows.filter((row) => aboutWhatIsAsked(question, asked, row)) : result.rows
  ).map((row) => ({ ...row, fused: Number(row.fused) - (isRecap(row.heading) ? RECAP_PENALTY : 0) }));
  // A recap passage comes after the teaching passages that answer as well (isRecap).
  rows.sort((a, b) => b.fused - a.fused);
  return rows.map((row) => ({
    chunkId: row.id,
    sourceKind: row.source_kind,
    title: row.title,
    heading: row.heading,
    text: row.text,
    courseId: row.course_id,
    videoId: row.video_id,
    materialId: row.material_id,
    startSeconds: row.start_seconds === null ? null : Number(row.start_seconds),
    page: row.page,
    slide: row.slide,
    rank: Number(row.fused),
  }));
}
