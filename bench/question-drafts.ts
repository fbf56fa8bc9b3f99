/**
 * Drafted quiz questions (issue 37, decision 080) on ten-slide decks that go the course-library way: a PDF read
 * into slides and cleaned (media/pdf-slides.ts), narrated as one cue per slide, added to a course as a lesson;
 * then drafted from the course's text as the worker does (question-drafts/source.ts + drafter.ts).
 *
 * Two decks the drafter was tuned on (the water cycle of bench/guru-answers.ts, the honeybee deck) and three it
 * never saw while tuning (volcanoes, electric circuits, the Hindi solar-system deck) are judged by the rules of
 * bench/support/draft-judge.ts, written before tuning: answerable from the cited passage alone, a wrong option
 * also right, near-duplicates, a question for every slide that teaches a fact; and the time to draft 20
 * questions for the ten-slide lesson (p50/p95 over the rounds, after one warm-up).
 *
 *   node_modules/.bin/tsx bench/question-drafts.ts [rounds=5] [--show]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { LibraryCue } from '../common/library';
import { courses, courseVideos } from '../server/db/schema/index';
import { readPdfSlides } from '../server/media/pdf-slides';
import { draftQuestions } from '../server/modules/question-drafts/drafter';
import { courseLessonText } from '../server/modules/question-drafts/source';
import { buildUser } from '../server/test/factories';
import { CIRCUITS_SLIDES } from '../server/test/fixtures/answer-sets/circuits-deck';
import { HONEYBEE_SLIDES } from '../server/test/fixtures/answer-sets/honeybee-deck';
import { VOLCANO_SLIDES } from '../server/test/fixtures/answer-sets/volcano-deck';
import { HINDI_SOLAR_SLIDES } from '../server/test/fixtures/hindi-deck/slides';
import { type DeckSlide, deckPdf, WATER_CYCLE_SLIDES } from '../server/test/fixtures/water-cycle-deck';
import { judgeDraft, nearDuplicates } from './support/draft-judge';
import { startBenchApp } from './support/load';

const rounds = Number(process.argv[2] ?? 5);
const show = process.argv.includes('--show');
const COUNT = 20;

const DECKS: { title: string; slides: DeckSlide[]; language: string; set: 'tuned on' | 'held out' }[] = [
  { title: 'The water cycle', slides: WATER_CYCLE_SLIDES, language: 'English', set: 'tuned on' },
  { title: 'Honeybees', slides: HONEYBEE_SLIDES, language: 'English', set: 'tuned on' },
  { title: 'Volcanoes', slides: VOLCANO_SLIDES, language: 'English', set: 'held out' },
  { title: 'Electric circuits', slides: CIRCUITS_SLIDES, language: 'English', set: 'held out' },
  { title: 'हमारा सौर मंडल', slides: HINDI_SOLAR_SLIDES, language: 'Hindi', set: 'held out' },
];

const { app, stop } = await startBenchApp();
const teacher = await buildUser(app, { userType: 'teacher' });
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

/** The deck as the course library makes a lesson of it: the PDF read into slides, a cue per slide. */
async function libraryLesson(title: string, slides: DeckSlide[], language: string) {
  const read = await readPdfSlides(await deckPdf(slides, title));
  const [course] = await app.db
    .insert(courses)
    .values({
      ownerId: teacher.id,
      title,
      description: title,
      category: 'Science',
      level: 'Beginner',
      language,
    })
    .returning();
  let elapsed = 0;
  const cues: LibraryCue[] = read.slides.map((slide, index) => {
    const seconds = Math.max(4, slide.text.split(/\s+/u).length / 2.5);
    const cue = {
      segmentId: randomUUID(),
      slide: index + 1,
      heading: slide.heading,
      text: slide.text,
      startSeconds: elapsed,
      endSeconds: elapsed + seconds,
    };
    elapsed += seconds;
    return cue;
  });
  await app.db.insert(courseVideos).values({
    courseId: course?.id as string,
    kind: 'lesson',
    title,
    processingStatus: 'ready',
    durationSeconds: elapsed,
    libraryCues: cues,
  });
  return course?.id as string;
}

const totals = { drafts: 0, answerable: 0, wrongRight: 0, duplicates: 0 };
for (const deck of DECKS) {
  const courseId = await libraryLesson(deck.title, deck.slides, deck.language);
  const text = await courseLessonText(app, courseId);
  const request = { passages: text.passages, language: text.language, count: COUNT };
  await draftQuestions(request);
  const times: number[] = [];
  let drafts = await draftQuestions(request);
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    drafts = await draftQuestions(request);
    times.push(performance.now() - started);
  }
  const sentences = text.passages.flatMap((passage) => passage.text.split(/(?<=[.!?।])\s+/u));
  const verdicts = drafts.map((draft) => judgeDraft(draft, sentences));
  const duplicates = nearDuplicates(drafts);
  // A slide teaches a fact when it says two sentences or more (a title slide and a one-line label do not).
  const teaching = text.passages.filter((passage) => passage.text.split(/(?<=[.!?।])\s+/u).length >= 2);
  const covered = teaching.filter((passage) => drafts.some((draft) => passage.text.includes(draft.sentence)));
  const types = drafts.reduce<Record<string, number>>((all, draft) => {
    all[draft.type] = (all[draft.type] ?? 0) + 1;
    return all;
  }, {});
  const answerable = verdicts.filter((verdict) => verdict.answerable).length;
  const wrongRight = verdicts.filter((verdict) => verdict.wrongAlsoRight).length;
  totals.drafts += drafts.length;
  totals.answerable += answerable;
  totals.wrongRight += wrongRight;
  totals.duplicates += duplicates.size;
  console.log(`\n${deck.title} (${deck.set}, ${text.passages.length} slides read from the PDF)`);
  console.log(`  drafts: ${drafts.length} of ${COUNT} asked — ${JSON.stringify(types)}`);
  console.log(
    `  answerable from the cited passage alone: ${answerable}/${drafts.length} (${pct(answerable, drafts.length)})`,
  );
  console.log(`  a wrong option also right: ${wrongRight}`);
  console.log(`  near-duplicates: ${duplicates.size} (${pct(duplicates.size, drafts.length)})`);
  const uncovered = teaching
    .filter((passage) => !covered.includes(passage))
    .map((passage) => passage.heading);
  console.log(
    `  slides that teach a fact with a question: ${covered.length}/${teaching.length}${uncovered.length ? ` (not: ${uncovered.join(', ')})` : ''}`,
  );
  console.log(
    `  time to draft ${COUNT}: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`,
  );
  drafts.forEach((draft, index) => {
    const verdict = verdicts[index];
    if (!show && verdict?.answerable && !verdict.wrongAlsoRight && !duplicates.has(index)) return;
    const flags = [
      verdict?.answerable ? '' : 'NOT ANSWERABLE',
      verdict?.wrongAlsoRight ? 'WRONG ALSO RIGHT' : '',
      duplicates.has(index) ? 'NEAR-DUPLICATE' : '',
    ].filter(Boolean);
    const answer =
      draft.type === 'true_false'
        ? String(draft.trueFalseAnswer)
        : draft.options.length > 0
          ? draft.options.map((option) => `${option.correct ? '*' : ''}${option.text}`).join(' | ')
          : draft.acceptedAnswers.join(', ');
    console.log(`    [${draft.type}] ${draft.prompt}\n        → ${answer} ${flags.join(' ')}`);
  });
}
console.log(
  `\nall decks: ${totals.drafts} drafts, answerable ${pct(totals.answerable, totals.drafts)}, wrong option also right ${totals.wrongRight}, near-duplicates ${pct(totals.duplicates, totals.drafts)}`,
);
await stop();
