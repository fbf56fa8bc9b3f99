import type {
  InsightMoment,
  LessonHeat,
  LessonViewing,
  QuizQuestionInsight,
  UnansweredGroup,
} from '../../../common/contracts/insights';

/**
 * The insight tables' rows as PostgreSQL's row_to_json gives them (snake_case, timestamps as text), and the
 * contract's shapes made from them: only the named fields leave the server.
 */

export interface StateJson {
  students: number;
  questions_total: number;
  questions_this_week: number;
  questions_last_week: number;
  unanswered_total: number;
  moment_asks: number;
  refreshed_at: string | null;
  requested_at: string | null;
}

interface MomentJson {
  key: string;
  guru_id: string;
  guru_name: string;
  kind: InsightMoment['kind'];
  title: string;
  heading: string | null;
  video_id: string | null;
  start_seconds: number | null;
  slide: number | null;
  material_id: string | null;
  page: number | null;
  asks: number;
  this_week: number;
  last_week: number;
  examples: string[];
  library_id: string | null;
  struggling_students: number;
}

interface HeatJson {
  video_id: string;
  title: string;
  duration_seconds: number;
  bucket_seconds: number;
  buckets: number[];
}

interface GroupJson {
  key: string;
  guru_id: string;
  guru_name: string;
  terms: string[];
  wording: string;
  asks: number;
  this_week: number;
  last_week: number;
  examples: string[];
  last_asked_at: string;
  fixed_at: string | null;
}

interface QuizJson {
  question_id: string;
  quiz_id: string;
  quiz_title: string;
  prompt: string;
  answers: number;
  right: number;
  right_rate: number;
  wrong_options: { label: string; count: number }[];
  moment_video_id: string | null;
  moment_title: string | null;
  moment_seconds: number | null;
  wrong_and_asked: number;
}

interface ViewingJson {
  video_id: string;
  title: string;
  duration_seconds: number;
  viewers: number;
  part_seconds: number;
  parts: number[];
  rewatched: { startSeconds: number; count: number }[];
  drop_off_seconds: number | null;
  drop_off_share: number | null;
  completed: number;
}

export interface InsightsJson {
  state: StateJson | null;
  moments: MomentJson[];
  heat: HeatJson[];
  groups: GroupJson[];
  quizzes: QuizJson[];
  viewing: ViewingJson[];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
export const isoOf = (text: string) => new Date(text).toISOString();

export const presentMoment = (row: MomentJson): InsightMoment => ({
  key: row.key,
  guruId: row.guru_id,
  guruName: row.guru_name,
  kind: row.kind,
  title: row.title,
  heading: row.heading,
  videoId: row.video_id,
  startSeconds: row.start_seconds,
  slide: row.slide,
  materialId: row.material_id,
  page: row.page,
  asks: row.asks,
  thisWeek: row.this_week,
  lastWeek: row.last_week,
  examples: row.examples,
  libraryId: row.library_id,
  strugglingStudents: row.struggling_students,
});

export const presentHeat = (row: HeatJson): LessonHeat => ({
  videoId: row.video_id,
  title: row.title,
  durationSeconds: row.duration_seconds,
  bucketSeconds: row.bucket_seconds,
  buckets: row.buckets,
});

export const presentGroup = (row: GroupJson): UnansweredGroup => ({
  key: row.key,
  guruId: row.guru_id,
  guruName: row.guru_name,
  terms: row.terms,
  wording: row.wording,
  asks: row.asks,
  thisWeek: row.this_week,
  lastWeek: row.last_week,
  examples: row.examples,
  lastAskedAt: isoOf(row.last_asked_at),
  fixedAt: row.fixed_at ? isoOf(row.fixed_at) : null,
});

export const presentQuizQuestion = (row: QuizJson): QuizQuestionInsight => ({
  questionId: row.question_id,
  quizId: row.quiz_id,
  quizTitle: row.quiz_title,
  prompt: row.prompt,
  answers: row.answers,
  right: row.right,
  rightRate: round3(row.right_rate),
  wrongOptions: row.wrong_options,
  moment:
    row.moment_video_id && row.moment_seconds !== null
      ? { videoId: row.moment_video_id, title: row.moment_title ?? '', seconds: row.moment_seconds }
      : null,
  wrongAndAsked: row.wrong_and_asked,
});

export const presentViewing = (row: ViewingJson): LessonViewing => ({
  videoId: row.video_id,
  title: row.title,
  durationSeconds: row.duration_seconds,
  viewers: row.viewers,
  partSeconds: round3(row.part_seconds),
  parts: row.parts.map(round3),
  rewatched: row.rewatched,
  dropOff:
    row.drop_off_seconds !== null && row.drop_off_share !== null
      ? { seconds: round3(row.drop_off_seconds), share: round3(row.drop_off_share) }
      : null,
  completed: row.completed,
});
