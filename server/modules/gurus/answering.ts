import { eq } from 'drizzle-orm';
import type { Citation, TeachingMode } from '../../../common/gurus';
import { INTL_LOCALES, isLocale, type Locale } from '../../../common/i18n/locales';
import { type LanguageCode, questionLanguage, writtenApart } from '../../../common/languages';
import { guruChunks } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { translate } from '../../http/locale';
import type { Passage } from '../../providers/llm/types';
import type { GuruRow } from './access';
import { correctedQuestion, questionTerms, retrievePassages } from './retrieval';

export interface PreparedAnswer {
  passages: Passage[];
  /** Where the answer comes from, best first; final once the stream has ended. */
  readonly citations: Citation[];
  notCovered: boolean;
  stream: AsyncIterable<string>;
}

const EXCERPT_MAX = 200;

/** A short quote of a passage, cut at a word boundary (at most 200 characters). */
export function excerptOf(text: string): string {
  const clean = text.replace(/^Q: /, '').replace(/\s+/g, ' ').trim();
  if (clean.length <= EXCERPT_MAX) return clean;
  const cut = clean.slice(0, EXCERPT_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 100 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** One citation per source moment (a video moment, a page, a slide, an FAQ entry), best first. */
export function citationsOf(passages: Passage[]): Citation[] {
  const seen = new Set<string>();
  const citations: Citation[] = [];
  for (const passage of passages) {
    const moment = [
      passage.sourceKind,
      passage.videoId ?? passage.materialId ?? passage.title,
      passage.startSeconds ?? '',
      passage.page ?? '',
      passage.slide ?? '',
      passage.sourceKind.endsWith('faq') ? passage.chunkId : '',
    ].join('|');
    if (seen.has(moment)) continue;
    seen.add(moment);
    citations.push({
      chunkId: passage.chunkId,
      sourceKind: passage.sourceKind,
      title: passage.title,
      excerpt: excerptOf(passage.text),
      courseId: passage.courseId,
      videoId: passage.videoId,
      materialId: passage.materialId,
      startSeconds: passage.startSeconds,
      page: passage.page,
      slide: passage.slide,
      heading: passage.heading,
    });
  }
  return citations;
}

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

/**
 * The language the guru refuses in (issue 32, decision 065): the question's, when the interface speaks it (a
 * student asking in Hindi hears Hindi whatever their menu says), else the asker's interface language.
 */
export function replyLocale(question: string, asker: Locale): Locale {
  const written = questionLanguage(question);
  return isLocale(written) ? written : asker;
}

/**
 * The language a guru's courses are taught in when the question is written in another script (a Hindi question
 * to an English course), else null: then the question was understood and the course does not cover it.
 */
async function taughtInAnotherScript(
  app: App,
  guruId: string,
  question: string,
): Promise<LanguageCode | null> {
  const asked = questionLanguage(question);
  if (asked === '') return null;
  const rows = await app.db
    .selectDistinct({ language: guruChunks.language })
    .from(guruChunks)
    .where(eq(guruChunks.guruId, guruId));
  // Passages learnt before languages were kept are English.
  const taught = rows.map((row) => (row.language || 'en') as LanguageCode);
  if (taught.length === 0 || taught.some((language) => !writtenApart(asked, language))) return null;
  return taught[0];
}

/**
 * What the guru says when nothing in its courses answers: that the course is taught in another language when
 * the question is in another script, else that the course does not cover it — in the replying language.
 */
export async function notCoveredReply(app: App, guruId: string, question: string, asker: Locale) {
  const locale = replyLocale(question, asker);
  const taught = await taughtInAnotherScript(app, guruId, question);
  if (!taught) return translate(locale, 'guru.notCovered');
  const language = new Intl.DisplayNames([INTL_LOCALES[locale]], { type: 'language' }).of(taught) ?? taught;
  return translate(locale, 'guru.otherLanguage', { language });
}

/**
 * Retrieves the guru's passages for the question and starts its answer. With nothing relevant the guru says
 * plainly that the course does not cover it (no model is asked to guess), in the asker's language
 * (notCoveredReply); otherwise the configured answerer writes from the passages only — in the course's
 * language, as the local answerer quotes it — and the citations point at where they came from.
 */
export async function prepareAnswer(
  app: App,
  guru: GuruRow,
  question: string,
  history: { role: 'user' | 'assistant'; text: string }[],
  asker: Locale = 'en',
): Promise<PreparedAnswer> {
  // As the course spells it: "whats a pathogen" and "vacine" find their slides (decision 057, round three).
  const asked = await correctedQuestion(app, guru, question);
  const terms = await questionTerms(asked);
  const passages = await retrievePassages(app, guru.id, asked, 5, terms);
  if (passages.length === 0) {
    const reply = await notCoveredReply(app, guru.id, question, asker);
    return { passages, citations: [], notCovered: true, stream: once(reply) };
  }
  let citations = citationsOf(passages);
  const stream = app.answerer.answer({
    guru: {
      name: guru.name,
      subject: guru.subject,
      instructions: guru.instructions,
      teachingMode: guru.teachingMode as TeachingMode,
    },
    question: asked,
    passages,
    terms,
    history,
    // A model that cites: its citations, in its order (an id it was not given never gets here); when it
    // cites none, the retrieved passages stay the citations.
    onCite: (chunkIds) => {
      const cited = chunkIds.flatMap((id) => passages.filter((passage) => passage.chunkId === id));
      if (cited.length > 0) citations = citationsOf(cited);
    },
  });
  return {
    passages,
    // Read after the stream: a citing model decides them as it ends.
    get citations() {
      return citations;
    },
    notCovered: false,
    stream,
  };
}
