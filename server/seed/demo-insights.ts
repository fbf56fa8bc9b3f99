import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { lessonStretchSeconds } from '../../common/contracts/insights';
import { type Citation, GURU_MSG, type SourceKind, type TeachingMode } from '../../common/gurus';
import {
  type AnswerResponse,
  autoScore,
  hasPassed,
  isManual,
  maxScore,
  type PaperQuestion,
  totalScore,
} from '../../common/quizzes';
import { coveredSeconds, mergeRanges, type WatchRange } from '../../common/watch-ranges';
import {
  conversationMessages,
  conversationReads,
  conversations,
  courseSubscriptions,
  courses,
  guruChunks,
  gurus,
  insightRewatchCounts,
  quizAnswers,
  quizAttempts,
  storedFiles,
  users,
  videoProgress,
} from '../db/schema/index';
import type { App } from '../http/app-type';
import { hashPassword } from '../modules/auth/passwords';
import type { CourseSnapshot } from '../modules/courses/snapshot';
import { sniffFile } from '../modules/files/uploads';
import { citationsOf } from '../modules/gurus/answering';
import { freezePaper, type LiveQuiz, quizzesOf } from '../modules/quizzes/attempt-paper';
import { backfillLastLearned } from '../modules/users/activity';
import { localAnswerer } from '../providers/llm/local-answerer';
import type { Passage } from '../providers/llm/types';
import { DEMO_PASSWORD } from './demo';
import { makeStudyPdf } from './demo-media';

/**
 * The demo's teacher insights (issue 20): a "Class 8" of 30 learners on the demo course, three weeks of their
 * questions to Geometry Guru (a few the course does not cover), their quiz attempts, how far they watched
 * each lesson and what they watched again — so the insights page of teacher@ has something true to show at
 * first start. Everything is
 * written straight to the tables in one transaction (about a second). The guru's answers are what it answers:
 * the passages its retrieval finds for each wording (demo-insights.test.ts checks it), cited exactly as a
 * session saves them, in the local answerer's words; the rest get its not-covered answer.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Class 8 of the demo: learner01@gurukul.test … learner30@gurukul.test, in this order. */
export const DEMO_LEARNER_NAMES = [
  'Aditi Menon',
  'Arjun Hegde',
  'Bhavya Shetty',
  'Chirag Jain',
  'Devika Raman',
  'Eshan Mukherjee',
  'Gauri Deshpande',
  'Harsh Rawat',
  'Ira Saxena',
  'Jai Thakur',
  'Kavin Selvam',
  'Lavanya Murthy',
  'Manav Chawla',
  'Meher Sandhu',
  'Nandini Ghosh',
  'Om Prakash Yadav',
  'Pranav Kamath',
  'Prisha Arora',
  'Rudra Sen',
  'Sara Fernandes',
  'Shaurya Tiwari',
  'Tanisha Bhalla',
  'Uday Naidu',
  'Vaani Srinivasan',
  'Vedant Pandey',
  'Yamini Goswami',
  'Zoya Khanna',
  'Aniket Dubey',
  'Keerthana Raju',
  'Ritvik Mahajan',
] as const;

export const demoLearnerEmail = (index: number) =>
  `learner${String(index + 1).padStart(2, '0')}@gurukul.test`;
/** The one account whose existence says the insights demo is already there. */
export const DEMO_INSIGHTS_MARKER = demoLearnerEmail(0);

/** How many of the class ask the guru, and how many take the quiz. */
const ASKERS = 22;
const QUIZ_TAKERS = 25;
/**
 * At most this many of the seeded conversations start in the current calendar month: teacher@ is on the Free
 * Trial (50 guru sessions a month), and student@ and whoever tries the demo need sessions left. A learner's
 * later questions then continue their conversation instead of opening a new one.
 */
export const DEMO_SESSIONS_THIS_MONTH = 25;

/** A passage of the demo guru, found among its indexed chunks by what it is (its id changes with every seed). */
interface ChunkPick {
  kind: SourceKind;
  title?: string;
  slide?: number;
  heading?: string;
}

interface Asked {
  about: string;
  asks: number;
  /** Share of the asks three weeks ago, two weeks ago and in the last seven days. */
  weeks: [number, number, number];
  wordings: string[];
  /**
   * The passages the guru answers these from, best first: what its retrieval finds for them (checked by
   * demo-insights.test.ts). None: the course does not cover them.
   */
  cites: ChunkPick[];
}

/** A slide of one of the demo lessons (each generated from a course library, so learnt slide by slide). */
const slideOf = (title: string, slide: number): ChunkPick => ({ kind: 'segment', title, slide });
const TRIANGLES = slideOf('Triangles', 2);
const ANGLES = slideOf('Angles', 2);
const STRAIGHT_ANGLES = slideOf('Angles', 4);
const POINTS_AND_LINES = slideOf('Points and Lines', 3);
const WHY_180: ChunkPick = {
  kind: 'guru_faq',
  heading: 'Why do the angles of a triangle add up to 180 degrees?',
};
const RIGHT_ANGLE: ChunkPick = { kind: 'guru_faq', heading: 'What is a right angle?' };
const POINT: ChunkPick = { kind: 'guru_faq', heading: 'What is a point?' };
const polygonsSlide = (n: number): ChunkPick => slideOf('Polygons', n);

/** What a learner asks first, the day they join (the course FAQ answers it). */
const JOINING_QUESTIONS: readonly Asked[] = [
  {
    about: 'prior knowledge (course FAQ)',
    asks: 3,
    weeks: [0.6, 0.2, 0.2],
    wordings: ['Do I need any prior knowledge for this course?'],
    cites: [{ kind: 'course_faq', heading: 'Do I need any prior knowledge?' }],
  },
  {
    about: 'length of the course (course FAQ)',
    asks: 2,
    weeks: [0.6, 0.2, 0.2],
    wordings: ['How long is the course?'],
    cites: [{ kind: 'course_faq', heading: 'How long is the course?' }],
  },
];

/** Questions the course answers: 300 asks, the Triangles, right angle and Quadrilaterals moments most of all. */
export const DEMO_ASKED: readonly Asked[] = [
  {
    about: 'the angles of a triangle (Triangles lesson)',
    asks: 85,
    weeks: [0.15, 0.3, 0.55],
    wordings: [
      'Do the three angles of a triangle always make 180 degrees?',
      "Why is the total of a triangle's angles always 180?",
      'Do the angles of every triangle always add up to 180 degrees?',
      'Are the three angles of a triangle always 180 in total?',
      'What do the three angles of a triangle always add up to?',
      'Will the three angles of a triangle always add up to 180 even if the triangle is very thin?',
      'How can the three angles of any triangle always add up to 180 degrees?',
      'Why do the three angles of a triangle always add up to 180 degrees?',
    ],
    cites: [TRIANGLES, WHY_180],
  },
  {
    about: 'right angles (Angles lesson, slide 2)',
    asks: 55,
    weeks: [0.3, 0.33, 0.37],
    wordings: [
      'What does a right angle measure?',
      'How much does a right angle measure in degrees?',
      'Is a right angle exactly 90 degrees?',
      'How do we mark a right angle in a drawing?',
      'Is the corner of a sheet of paper a right angle?',
      'Is a right angle a quarter of a full turn?',
    ],
    cites: [ANGLES],
  },
  {
    about: 'straight angles (Angles lesson, slide 4)',
    asks: 10,
    weeks: [0.3, 0.33, 0.37],
    wordings: [
      'How many degrees does a straight angle measure?',
      'Does a straight angle measure 180 degrees?',
      'How many right angles make a straight angle?',
    ],
    cites: [STRAIGHT_ANGLES],
  },
  {
    about: 'quadrilaterals (Polygons lesson, slide 2)',
    asks: 45,
    weeks: [0.15, 0.35, 0.5],
    wordings: [
      'What do the angles of a quadrilateral add up to?',
      'Why do the angles of a quadrilateral add up to 360 degrees?',
      'Is the angle sum of a quadrilateral 360?',
      'Does a quadrilateral have four angles?',
      'Do the four angles of a square add up to 360?',
      'How many sides and angles does a quadrilateral have?',
    ],
    cites: [polygonsSlide(2)],
  },
  {
    about: 'the third angle of a triangle (Triangles lesson, slide 2)',
    asks: 20,
    weeks: [0.3, 0.35, 0.35],
    wordings: ['If two angles of a triangle are 60 and 70 degrees, what is the third angle?'],
    cites: [TRIANGLES],
  },
  {
    about: 'regular hexagons (Polygons lesson, slide 3)',
    asks: 20,
    weeks: [0.2, 0.35, 0.45],
    wordings: [
      'What is each angle of a regular hexagon?',
      'How many equal sides does a regular hexagon have?',
      'Why is each angle of a regular hexagon 120 degrees?',
      'Are all six angles of a regular hexagon equal?',
    ],
    cites: [polygonsSlide(3)],
  },
  {
    about: 'polygons (Polygons lesson, slide 1)',
    asks: 18,
    weeks: [0.25, 0.35, 0.4],
    wordings: [
      'What is a polygon?',
      'Can a polygon have curved sides?',
      'Why must a polygon be a closed shape?',
    ],
    cites: [polygonsSlide(1)],
  },
  {
    about: 'right angles (Angles lesson, slide 2, and the guru FAQ)',
    asks: 15,
    weeks: [0.35, 0.35, 0.3],
    wordings: [
      'How many degrees is a right angle?',
      'How can I tell if an angle is a right angle?',
      'What is a right angle?',
    ],
    cites: [ANGLES, RIGHT_ANGLE],
  },
  {
    about: 'lines (Points and Lines lesson)',
    asks: 12,
    weeks: [0.5, 0.3, 0.2],
    wordings: ['Does a line go on for ever?', 'Why does a line go on for ever?'],
    cites: [POINTS_AND_LINES],
  },
  {
    about: 'points (Points and Lines lesson, slide 2, and the guru FAQ)',
    asks: 10,
    weeks: [0.5, 0.3, 0.2],
    wordings: [
      'Does a point have any size?',
      'Does a point have a size or only a position?',
      'What is the size of a point?',
    ],
    cites: [slideOf('Points and Lines', 2), POINT],
  },
  {
    about: 'lines (the cheat sheet)',
    asks: 5,
    weeks: [0.4, 0.4, 0.2],
    wordings: ['Does a line extend without end in both directions?'],
    cites: [{ kind: 'material', title: 'Geometry cheat sheet' }],
  },
  {
    about: 'circles and polygons (Circles lesson, slide 1)',
    asks: 1,
    weeks: [0, 1, 0],
    wordings: ['Is a circle a polygon?'],
    cites: [slideOf('Circles', 1)],
  },
  {
    about: 'rectangles (Polygons lesson, slide 2)',
    asks: 1,
    weeks: [0, 0, 1],
    wordings: ['Is a rectangle a quadrilateral?'],
    cites: [polygonsSlide(2)],
  },
  ...JOINING_QUESTIONS,
];

/** Questions the course does not cover: 40 asks, most of them in four groups of shared words. */
export const DEMO_UNANSWERED: readonly Asked[] = [
  {
    about: 'exam date',
    asks: 15,
    weeks: [0.1, 0.3, 0.6],
    wordings: [
      'When is the exam date?',
      'Has the exam date been announced?',
      'Is the exam date fixed yet?',
      'Can you tell me the exam date for Class 8?',
      'Will the exam date change?',
      'What is the exam date for geometry?',
      'Which chapters are in the exam syllabus?',
    ],
    cites: [],
  },
  {
    about: 'homework submission',
    asks: 11,
    weeks: [0.3, 0.35, 0.35],
    wordings: [
      'What is the deadline for homework submission?',
      'Is homework submission online?',
      'Where is the homework submission form?',
      'Is the homework submission deadline Friday?',
      'Can I get an extension on the homework submission deadline?',
      'Who checks the homework submission?',
    ],
    cites: [],
  },
  {
    about: 'which compass to buy',
    asks: 8,
    weeks: [0.5, 0.3, 0.2],
    wordings: [
      'Which compass should I buy?',
      'What compass set is best to buy?',
      'Where can I buy a compass?',
      'Which brand of compass should I buy?',
    ],
    cites: [],
  },
  {
    about: 'practical geometry kit',
    asks: 6,
    weeks: [0.3, 0.4, 0.3],
    wordings: [
      'What goes in the practical geometry kit?',
      'Where do I get the practical geometry kit?',
      'Is the practical kit compulsory?',
    ],
    cites: [],
  },
];

/** The quiz question most of the class gets wrong: most answer 360 (the quadrilateral's sum). */
export const DEMO_HARD_QUESTION = 'How many degrees do the angles of a triangle add up to?';

/** A small fixed-seed generator (as in demo-people.ts): every first start gets the same demo. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const between = (rng: Random, low: number, high: number) => low + rng() * (high - low);
const round1 = (n: number) => Math.round(n * 10) / 10;

function shuffle<T>(rng: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** `counts` copies of each value, shuffled: exact shares (e.g. 8 right answers of 25) in a random order. */
function dealt<T>(rng: Random, counts: [T, number][]): T[] {
  return shuffle(
    rng,
    counts.flatMap(([value, n]) => Array.from({ length: n }, () => value)),
  );
}

function pickWeighted(rng: Random, weights: readonly number[]): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let roll = rng() * total;
  for (const [i, w] of weights.entries()) {
    roll -= w;
    if (roll < 0) return i;
  }
  return weights.length - 1;
}

/** The asks of each week, oldest first, adding up to `total`. */
function perWeek(total: number, weights: [number, number, number]): [number, number, number] {
  const sum = weights[0] + weights[1] + weights[2];
  const first = Math.round((total * weights[0]) / sum);
  const second = Math.round((total * weights[1]) / sum);
  return [first, second, total - first - second];
}

/**
 * A moment in week 0 (15–21 days ago), 1 (8–14) or 2 (the last 7 days), in the class's afternoon and evening
 * (08:00–17:00 UTC, 13:30–22:30 in India) when that keeps it in the same week.
 */
function momentInWeek(rng: Random, week: number, now: number): number {
  const from = (2 - week) * 7;
  const age = (from + rng() * 7) * DAY_MS;
  const at = new Date(now - age);
  at.setUTCHours(8 + Math.floor(rng() * 9), Math.floor(rng() * 60), Math.floor(rng() * 60), 0);
  const snappedAge = now - at.getTime();
  if (snappedAge >= from * DAY_MS + 10 * MINUTE_MS && snappedAge < (from + 7) * DAY_MS) return at.getTime();
  return Math.min(now - age, now - 10 * MINUTE_MS);
}

interface GuruAnswer {
  text: string;
  citations: Citation[];
  notCovered: boolean;
}

type ChunkRow = typeof guruChunks.$inferSelect;

const picks = (pick: ChunkPick) => (chunk: ChunkRow) =>
  chunk.sourceKind === pick.kind &&
  (pick.title === undefined || chunk.title === pick.title) &&
  (pick.slide === undefined || chunk.slide === pick.slide) &&
  (pick.heading === undefined || chunk.heading === pick.heading);

/**
 * What the guru answers to each wording, as a session does: the local answerer's sentences from the passages
 * it cites (their citations exactly as a session saves them), or the not-covered answer. Asked of no model,
 * and with the passages known, so the seed is quick and the same everywhere. A wording whose passages are
 * gone (the demo course changed) is left out.
 */
async function guruAnswers(
  guru: { name: string; subject: string; instructions: string; teachingMode: string },
  chunks: ChunkRow[],
  groups: readonly Asked[],
): Promise<Map<string, GuruAnswer>> {
  const answerer = localAnswerer();
  const answers = new Map<string, GuruAnswer>();
  for (const group of groups) {
    const passages: Passage[] = group.cites.flatMap((pick) => {
      const chunk = chunks.filter(picks(pick)).sort((a, b) => a.position - b.position)[0];
      return chunk
        ? [{ ...chunk, chunkId: chunk.id, sourceKind: chunk.sourceKind as SourceKind, rank: 1 }]
        : [];
    });
    for (const question of group.wordings) {
      if (group.cites.length === 0) {
        answers.set(question, { text: GURU_MSG.notCovered, citations: [], notCovered: true });
        continue;
      }
      if (passages.length < group.cites.length) continue;
      let text = '';
      for await (const delta of answerer.answer({
        guru: {
          name: guru.name,
          subject: guru.subject,
          instructions: guru.instructions,
          teachingMode: guru.teachingMode as TeachingMode,
        },
        question,
        passages,
        terms: [],
        history: [],
      })) {
        text += delta;
      }
      answers.set(question, { text: text.trim(), citations: citationsOf(passages), notCovered: false });
    }
  }
  return answers;
}

interface Learner {
  id: string;
  email: string;
  fullName: string;
  createdAt: number;
  subscribedAt: number;
  /** Latest thing they did, for their last login. */
  lastActive: number;
}

/** The long answers the class wrote, by the mark the teacher gave (out of 4), with the teacher's feedback. */
const LONG_ANSWERS: Record<number, { text: string; feedback: string | null }[]> = {
  4: [
    {
      text: 'A line goes on for ever in both directions. A line segment is only the part between two end points, so we can measure it.',
      feedback: 'Excellent: end points are exactly the difference.',
    },
    {
      text: 'A line has no end points and never stops. A segment has two end points and a fixed length.',
      feedback: null,
    },
  ],
  3: [
    {
      text: 'A line is very long and a line segment is short and has two ends.',
      feedback: 'Good. A line is not just long: it never ends.',
    },
    { text: 'Line segment has two end points. A line does not end.', feedback: null },
  ],
  2: [
    {
      text: 'A line is straight and a segment is a piece of it.',
      feedback: 'Say what makes it a piece: its two end points.',
    },
  ],
  1: [
    {
      text: 'They are both straight lines.',
      feedback: 'Watch Points and Lines again: one goes on for ever, one stops.',
    },
  ],
};

/** How the hard question's wrong answers and the other questions' answers are shared out over the class. */
function quizAnswerPlan(rng: Random) {
  return {
    single: dealt<string>(rng, [
      ['180', 6],
      ['360', 13],
      ['90', 6],
    ]),
    multiple: dealt<string[]>(rng, [
      [['Acute', 'Right', 'Obtuse'], 16],
      [['Acute', 'Right'], 6],
      [['Acute', 'Right', 'Obtuse', 'Parallel'], 2],
      [['Acute', 'Obtuse'], 1],
    ]),
    trueFalse: dealt<string>(rng, [
      ['False', 23],
      ['True', 2],
    ]),
    short: dealt<string>(rng, [
      ['Equilateral', 11],
      ['equilateral', 5],
      ['Equilateral triangle', 3],
      ['Isosceles', 3],
      ['Scalene', 1],
      ['equal sided', 1],
      ['', 1],
    ]),
    long: dealt<number>(rng, [
      [4, 15],
      [3, 6],
      [2, 3],
      [1, 1],
    ]),
    file: dealt<number>(rng, [
      [2, 16],
      [1.5, 4],
      [1, 1],
      [0, 4],
    ]),
  };
}

/** The response a learner gave to a question: chosen option ids by their texts, or a text. */
function chosen(question: PaperQuestion, texts: string[]): AnswerResponse {
  return {
    optionIds: question.options.filter((option) => texts.includes(option.text)).map((option) => option.id),
  };
}

type Lesson = CourseSnapshot['videos'][number];

/**
 * How far the class watched: almost everyone finishes lesson 1; lesson 2 loses many at one spot just past its
 * middle; fewer go on to lessons 3 and 4 (a few skipping part of lesson 3). Ranges merged as the server keeps
 * them; a lesson is completed at 90% watched, as recordProgress decides.
 */
function planViewing(rng: Random, learners: Learner[], lessons: Lesson[], now: number) {
  const rows: (typeof videoProgress.$inferInsert)[] = [];
  const watchers = shuffle(rng, learners).slice(0, learners.length - 1);
  // Each starts three to four weeks ago and watches a lesson every day or few.
  const watchedAt = new Map(watchers.map((learner) => [learner.id, now - between(rng, 21, 27) * DAY_MS]));
  const length = (lessonIndex: number) => lessons[lessonIndex]?.durationSeconds ?? 0;
  const watch = (learner: Learner, lessonIndex: number, ranges: WatchRange[], position?: number) => {
    const lesson = lessons[lessonIndex];
    if (!lesson) return;
    const duration = length(lessonIndex);
    const merged = mergeRanges(
      ranges.map(([start, end]): WatchRange => [round1(start), round1(end)]),
      duration,
    );
    const watchedSeconds = round1(coveredSeconds(merged));
    const completed = watchedSeconds >= duration * 0.9;
    const at = Math.min(
      (watchedAt.get(learner.id) ?? learner.subscribedAt) + between(rng, 1, 5) * DAY_MS,
      now - between(rng, 1, 20) * HOUR_MS,
    );
    watchedAt.set(learner.id, at);
    learner.lastActive = Math.max(learner.lastActive, at);
    rows.push({
      userId: learner.id,
      videoId: lesson.id,
      positionSeconds: completed ? duration : round1(position ?? merged[merged.length - 1]?.[1] ?? 0),
      watchedSeconds,
      watchedRanges: merged,
      completedAt: completed ? new Date(at) : null,
      updatedAt: new Date(at),
    });
  };
  // Lesson 1: 24 finish it, 5 leave part way.
  watchers.forEach((learner, i) => {
    watch(learner, 0, [[0, i < 24 ? length(0) : length(0) * between(rng, 0.35, 0.7)]]);
  });
  // Lesson 2: of those 24, 13 finish and 11 stop between 55% and 62%; two who left lesson 1 try a little.
  const finished: Learner[] = [];
  const stopped: Learner[] = [];
  watchers.slice(0, 26).forEach((learner, i) => {
    if (i < 13) {
      watch(learner, 1, [[0, length(1)]]);
      finished.push(learner);
    } else if (i < 24) {
      watch(learner, 1, [[0, length(1) * between(rng, 0.55, 0.62)]]);
      stopped.push(learner);
    } else {
      watch(learner, 1, [[0, length(1) * between(rng, 0.25, 0.35)]]);
    }
  });
  // Lesson 3: those 13 (10 finish, two skip the middle to the end, one stops) and two who jumped ahead, each
  // stopping somewhere of their own.
  finished.forEach((learner, i) => {
    const d = length(2);
    if (i < 10) watch(learner, 2, [[0, d]]);
    else if (i < 12)
      watch(
        learner,
        2,
        [
          [0, d * between(rng, 0.25, 0.35)],
          [d * between(rng, 0.5, 0.6), d],
        ],
        d,
      );
    else watch(learner, 2, [[0, d * between(rng, 0.55, 0.7)]]);
  });
  for (const learner of stopped.slice(0, 2)) watch(learner, 2, [[0, length(2) * between(rng, 0.3, 0.5)]]);
  // Lesson 4 (the Polygons library lesson): ten start it, five finish.
  finished.slice(0, 10).forEach((learner, i) => {
    watch(learner, 3, [[0, i < 5 ? length(3) : length(3) * between(rng, 0.3, 0.7)]]);
  });
  // Lessons 5 and 6 (Circles, Area and Perimeter): fewer again; those who stop, each at a place of their own.
  const stopAt = (k: number) => 0.2 + 0.17 * k + between(rng, 0, 0.05);
  finished.slice(0, 9).forEach((learner, i) => {
    watch(learner, 4, [[0, i < 5 ? length(4) : length(4) * stopAt(i - 5)]]);
  });
  finished.slice(0, 7).forEach((learner, i) => {
    watch(learner, 5, [[0, i < 3 ? length(5) : length(5) * stopAt(i - 3)]]);
  });
  return rows;
}

/** Of each lesson's viewers, the share who went back over part of it, in order: the Triangles lesson most. */
const REWATCH_SHARE = [0.15, 0.2, 0.9, 0.35, 0.3, 0.3];

/**
 * Re-watches, as learning's progress save counts them (insights/rewatch.ts: one per stretch of the lesson,
 * lessonStretchSeconds, watched again): a viewer going back to a lesson goes back to the moment its quiz
 * question tests (the middle of a lesson no question tests), once to three times, from a stretch before it or
 * that one to one or two after it. Merged watched ranges do not change.
 */
function planRewatches(
  rng: Random,
  progress: (typeof videoProgress.$inferInsert)[],
  lessons: Lesson[],
  quiz: LiveQuiz | undefined,
) {
  const rows: (typeof insightRewatchCounts.$inferInsert)[] = [];
  lessons.forEach((lesson, i) => {
    const duration = lesson.durationSeconds ?? 0;
    const stretch = lessonStretchSeconds(duration);
    const last = Math.max(0, Math.ceil(duration / stretch) - 1);
    const tested = quiz?.questions.find((question) => question.videoId === lesson.id)?.videoSeconds;
    const spot = Math.min(last, Math.floor((tested ?? duration / 2) / stretch));
    const counts = new Map<number, number>();
    for (const row of progress) {
      if (row.videoId !== lesson.id || rng() >= (REWATCH_SHARE[i] ?? 0.3)) continue;
      const times = 1 + Math.floor(rng() * 3);
      const first = Math.max(0, spot - Math.floor(rng() * 2));
      const end = Math.min(last, spot + 1 + Math.floor(rng() * 2));
      for (let bucket = first; bucket <= end; bucket += 1)
        counts.set(bucket, (counts.get(bucket) ?? 0) + times);
    }
    for (const [bucket, count] of counts) rows.push({ videoId: lesson.id, bucket, count });
  });
  return rows;
}

interface QuizPlan {
  attempts: (typeof quizAttempts.$inferInsert)[];
  answers: (typeof quizAnswers.$inferInsert)[];
  files: (typeof storedFiles.$inferInsert)[];
  /** Learners who got the hard question wrong: they ask the guru about it more. */
  wrongOnHard: Set<string>;
}

/**
 * 25 attempts at the demo quiz over the last three weeks, all marked by teacher@: the paper frozen as a real
 * start freezes it, auto-graded questions scored by the grading rules, long and file answers given the marks
 * the teacher gave, the totals and pass as marking leaves them. File answers are the drawing `file`.
 */
function planQuiz(
  rng: Random,
  learners: Learner[],
  quiz: LiveQuiz,
  course: { id: string; ownerId: string },
  file: { bytes: Buffer; mime: string; ext: string; category: string },
  now: number,
): QuizPlan {
  const plan: QuizPlan = { attempts: [], answers: [], files: [], wrongOnHard: new Set() };
  const shares = quizAnswerPlan(rng);
  const paper = freezePaper(quiz, rng);
  const max = maxScore(paper);
  shuffle(rng, learners)
    .slice(0, QUIZ_TAKERS)
    .forEach((learner, i) => {
      const attemptId = randomUUID();
      // More of them lately.
      const startedAt = Math.min(
        Math.max(now - between(rng, 1, 20) * DAY_MS * (rng() < 0.6 ? 0.5 : 1), learner.subscribedAt + DAY_MS),
        now - 2 * HOUR_MS,
      );
      const submittedAt = startedAt + between(rng, 5, 14) * MINUTE_MS;
      const markedAt = Math.min(submittedAt + between(rng, 3, 30) * HOUR_MS, now - 30 * MINUTE_MS);
      learner.lastActive = Math.max(learner.lastActive, submittedAt);
      const scores: number[] = [];
      for (const question of paper) {
        let response: AnswerResponse = {};
        let filePath: string | null = null;
        let score: number;
        let feedback: string | null = null;
        if (question.type === 'single') {
          response = chosen(question, [shares.single[i]]);
          if (question.prompt === DEMO_HARD_QUESTION && shares.single[i] !== '180')
            plan.wrongOnHard.add(learner.id);
        } else if (question.type === 'multiple') response = chosen(question, shares.multiple[i]);
        else if (question.type === 'true_false') response = chosen(question, [shares.trueFalse[i]]);
        else if (question.type === 'short') response = shares.short[i] ? { text: shares.short[i] } : {};
        if (question.type === 'long') {
          score = Math.min(shares.long[i], question.marks);
          const written = LONG_ANSWERS[score] ?? LONG_ANSWERS[1];
          const given = written[i % written.length];
          response = { text: given.text };
          feedback = given.feedback;
        } else if (question.type === 'file') {
          score = Math.min(shares.file[i], question.marks);
          if (score > 0) {
            response = { fileName: `right-angle-${learner.fullName.split(' ')[0].toLowerCase()}.pdf` };
            filePath = `quiz-attempts/${attemptId}/${randomUUID()}.${file.ext}`;
            plan.files.push({
              path: filePath,
              ownerId: learner.id,
              contentType: file.mime,
              category: file.category,
              sizeBytes: file.bytes.length,
              createdAt: new Date(startedAt + 4 * MINUTE_MS),
            });
            if (score < question.marks) feedback = 'Good drawing; remember the little square in the corner.';
          }
        } else {
          score = autoScore(question, response) ?? 0;
        }
        scores.push(score);
        plan.answers.push({
          attemptId,
          questionId: question.id,
          response,
          filePath,
          savedAt: new Date(startedAt + between(rng, 1, 5) * MINUTE_MS),
          score,
          feedback: isManual(question.type) ? feedback : null,
        });
      }
      const score = totalScore(scores);
      plan.attempts.push({
        id: attemptId,
        quizId: quiz.id,
        courseId: course.id,
        userId: learner.id,
        number: 1,
        status: 'marked',
        quizTitle: quiz.title,
        displayMode: quiz.displayMode,
        passPercent: quiz.passPercent,
        paper,
        startedAt: new Date(startedAt),
        deadlineAt:
          quiz.timeLimitMinutes > 0 ? new Date(startedAt + quiz.timeLimitMinutes * MINUTE_MS) : null,
        submittedAt: new Date(submittedAt),
        markedAt: new Date(markedAt),
        markedBy: course.ownerId,
        score,
        maxScore: max,
        passed: hasPassed(score, max, quiz.passPercent),
      });
    });
  return plan;
}

interface Sitting {
  learner: Learner;
  questions: { question: string; at: number }[];
}

/**
 * Who asked what and when: 22 of the class ask, some much more than others, each first on the day they
 * joined; those who got the hard quiz question wrong ask about a triangle's angles three times as often. A
 * learner's questions less than three hours apart are one sitting, a minute or few between them.
 */
function planSittings(rng: Random, learners: Learner[], wrongOnHard: Set<string>, now: number): Sitting[] {
  const askers = shuffle(rng, learners).slice(0, ASKERS);
  const weights = askers.map(() => between(rng, 0.3, 2));
  const triangleWeights = askers.map((learner, i) => weights[i] * (wrongOnHard.has(learner.id) ? 3 : 1));
  const asks: { learner: Learner; question: string; at: number }[] = [];
  for (const [index, asked] of [...DEMO_ASKED, ...DEMO_UNANSWERED].entries()) {
    perWeek(asked.asks, asked.weeks).forEach((count, week) => {
      for (let n = 0; n < count; n += 1) {
        asks.push({
          learner: askers[pickWeighted(rng, index === 0 ? triangleWeights : weights)],
          question: asked.wordings[Math.floor(rng() * asked.wordings.length)],
          at: momentInWeek(rng, week, now),
        });
      }
    });
  }
  for (const learner of askers) {
    asks.push({
      learner,
      question: JOINING_QUESTIONS[Math.floor(rng() * JOINING_QUESTIONS.length)].wordings[0],
      at: learner.subscribedAt + between(rng, 10, 90) * MINUTE_MS,
    });
  }
  asks.sort((a, b) => a.at - b.at);
  const sittings: Sitting[] = [];
  const latest = new Map<string, Sitting>();
  for (const ask of asks) {
    const open = latest.get(ask.learner.id);
    const last = open?.questions[open.questions.length - 1];
    if (open && last && ask.at - last.at < 3 * HOUR_MS) {
      open.questions.push({ question: ask.question, at: last.at + between(rng, 1.5, 5) * MINUTE_MS });
    } else {
      const sitting = { learner: ask.learner, questions: [{ question: ask.question, at: ask.at }] };
      sittings.push(sitting);
      latest.set(ask.learner.id, sitting);
    }
  }
  return sittings;
}

/**
 * The sittings as conversations: one each, except that no more than DEMO_SESSIONS_THIS_MONTH start this
 * calendar month — a sitting less than `gapDays` after the learner's conversation began continues it, with the
 * smallest gap that fits. Every asker's first conversation began the day they joined, before this month, so
 * a long enough gap always fits.
 */
function conversationsOf(sittings: Sitting[], now: number): Sitting[] {
  const today = new Date(now);
  const monthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  const group = (gapDays: number) => {
    const list: Sitting[] = [];
    const current = new Map<string, Sitting>();
    for (const sitting of sittings) {
      const ongoing = current.get(sitting.learner.id);
      const start = sitting.questions[0].at;
      if (ongoing && start >= monthStart && start - ongoing.questions[0].at < gapDays * DAY_MS) {
        ongoing.questions.push(...sitting.questions);
        continue;
      }
      const conversation = { learner: sitting.learner, questions: [...sitting.questions] };
      list.push(conversation);
      current.set(sitting.learner.id, conversation);
    }
    return list;
  };
  const startedThisMonth = (list: Sitting[]) => list.filter((c) => c.questions[0].at >= monthStart).length;
  let gapDays = 0;
  let list = group(gapDays);
  while (startedThisMonth(list) > DEMO_SESSIONS_THIS_MONTH && gapDays < 60) {
    gapDays += 0.5;
    list = group(gapDays);
  }
  return list;
}

/**
 * The conversations' rows: each question and the guru's answer a few seconds later, named by its first
 * question. The learner saw every answer arrive; teacher@ has read all but the last day's conversations.
 */
function conversationRowsOf(
  rng: Random,
  sittings: Sitting[],
  answers: Map<string, GuruAnswer>,
  ids: { guruId: string; courseId: string; teacherId: string },
  now: number,
) {
  const rows = {
    conversations: [] as (typeof conversations.$inferInsert)[],
    messages: [] as (typeof conversationMessages.$inferInsert)[],
    reads: [] as (typeof conversationReads.$inferInsert)[],
  };
  for (const conversation of conversationsOf(sittings, now)) {
    const asked = conversation.questions.filter(({ question }) => answers.has(question));
    if (asked.length === 0) continue;
    const conversationId = randomUUID();
    const learnerId = conversation.learner.id;
    let lastAt = asked[0].at;
    for (const { question, at } of asked) {
      const answer = answers.get(question) as GuruAnswer;
      lastAt = at + between(rng, 3, 9) * 1000;
      rows.messages.push(
        { conversationId, role: 'user', authorId: learnerId, text: question, createdAt: new Date(at) },
        {
          conversationId,
          role: 'guru',
          text: answer.text,
          citations: answer.citations,
          notCovered: answer.notCovered,
          createdAt: new Date(lastAt),
        },
      );
    }
    conversation.learner.lastActive = Math.max(conversation.learner.lastActive, lastAt);
    rows.conversations.push({
      id: conversationId,
      guruId: ids.guruId,
      userId: learnerId,
      courseId: ids.courseId,
      title: asked[0].question.slice(0, 200),
      startedAt: new Date(asked[0].at),
      lastMessageAt: new Date(lastAt),
    });
    rows.reads.push({ conversationId, userId: learnerId, lastReadAt: new Date(lastAt) });
    if (lastAt < now - DAY_MS) {
      rows.reads.push({
        conversationId,
        userId: ids.teacherId,
        lastReadAt: new Date(Math.min(lastAt + between(rng, 1, 20) * HOUR_MS, now)),
      });
    }
  }
  return rows;
}

/**
 * Adds the insights demo once (under an advisory lock; the first learner's account marks it done). Needs the
 * demo course approved with its quiz and lessons, and the demo guru trained on it. About a second.
 */
export async function seedDemoInsights(
  app: App,
  demo: { courseId: string; guruId: string },
  now = Date.now(),
): Promise<void> {
  const markerFound = async (db: Pick<App['db'], 'query'>) =>
    Boolean(await db.query.users.findFirst({ where: sql`lower(${users.email}) = ${DEMO_INSIGHTS_MARKER}` }));
  if (await markerFound(app.db)) return;
  const [course] = await app.db.select().from(courses).where(eq(courses.id, demo.courseId));
  if (!course?.approvedSnapshot) return;
  const snapshot = course.approvedSnapshot as CourseSnapshot;
  const [guru] = await app.db
    .select()
    .from(gurus)
    .where(and(eq(gurus.id, demo.guruId), eq(gurus.ownerId, course.ownerId)));
  if (!guru) return;
  // scrypt runs off the main thread meanwhile (a failure surfaces where it is awaited).
  const hashing = hashPassword(DEMO_PASSWORD);
  hashing.catch(() => {});
  const chunks = await app.db.select().from(guruChunks).where(eq(guruChunks.guruId, guru.id));
  const answers = await guruAnswers(guru, chunks, [...DEMO_ASKED, ...DEMO_UNANSWERED]);
  const drawing = makeStudyPdf('My right angle', ['A right angle, marked with a small square: 90 degrees.']);
  const sniffed = await sniffFile(drawing);

  const rng = mulberry32(20_260_820);
  // The class: joined five to six weeks ago and subscribed to the demo course the same day.
  const learners: Learner[] = DEMO_LEARNER_NAMES.map((fullName, index) => {
    const createdAt = now - between(rng, 35, 42) * DAY_MS;
    const subscribedAt = createdAt + between(rng, 0.5, 6) * HOUR_MS;
    return {
      id: randomUUID(),
      email: demoLearnerEmail(index),
      fullName,
      createdAt,
      subscribedAt,
      lastActive: subscribedAt,
    };
  });
  const lessons = snapshot.videos
    .filter((video) => video.kind === 'lesson' && video.durationSeconds)
    .sort((a, b) => a.position - b.position);
  const progress = planViewing(rng, learners, lessons, now);
  const [quiz] = quizzesOf(snapshot);
  const quizPlan: QuizPlan =
    quiz && sniffed
      ? planQuiz(rng, learners, quiz, course, { ...sniffed, bytes: drawing }, now)
      : { attempts: [], answers: [], files: [], wrongOnHard: new Set() };
  const rewatches = planRewatches(rng, progress, lessons, quiz);
  const talk = conversationRowsOf(
    rng,
    planSittings(rng, learners, quizPlan.wrongOnHard, now),
    answers,
    { guruId: guru.id, courseId: course.id, teacherId: course.ownerId },
    now,
  );
  const passwordHash = await hashing;

  await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('gurukul:seed-demo-insights'))`);
    if (await markerFound(tx)) return;
    await tx.insert(users).values(
      learners.map((learner) => ({
        id: learner.id,
        email: learner.email,
        fullName: learner.fullName,
        userType: 'student',
        passwordHash,
        emailVerifiedAt: new Date(learner.createdAt + 5 * MINUTE_MS),
        lastLoginAt: new Date(
          Math.max(learner.createdAt, learner.lastActive - between(rng, 2, 30) * MINUTE_MS),
        ),
        createdAt: new Date(learner.createdAt),
      })),
    );
    await tx.insert(courseSubscriptions).values(
      learners.map((learner) => ({
        courseId: course.id,
        userId: learner.id,
        createdAt: new Date(learner.subscribedAt),
      })),
    );
    if (progress.length > 0) await tx.insert(videoProgress).values(progress);
    if (rewatches.length > 0) {
      await tx
        .insert(insightRewatchCounts)
        .values(rewatches)
        .onConflictDoUpdate({
          target: [insightRewatchCounts.videoId, insightRewatchCounts.bucket],
          set: { count: sql`${insightRewatchCounts.count} + excluded.count` },
        });
    }
    if (quizPlan.attempts.length > 0) {
      await Promise.all(quizPlan.files.map((file) => app.storage.put(file.path, drawing, file.contentType)));
      if (quizPlan.files.length > 0) await tx.insert(storedFiles).values(quizPlan.files);
      await tx.insert(quizAttempts).values(quizPlan.attempts);
      await tx.insert(quizAnswers).values(quizPlan.answers);
    }
    if (talk.conversations.length > 0) {
      await tx.insert(conversations).values(talk.conversations);
      // In batches: several hundred rows, some with long texts.
      for (let i = 0; i < talk.messages.length; i += 250) {
        await tx.insert(conversationMessages).values(talk.messages.slice(i, i + 250));
      }
      await tx.insert(conversationReads).values(talk.reads);
    }
  });
  // Their last learning follows the progress and attempts written above.
  await backfillLastLearned(app.db);
}
