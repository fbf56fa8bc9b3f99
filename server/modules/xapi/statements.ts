import { createHash, randomUUID } from 'node:crypto';
import { languageCode } from '../../../common/languages';
import type { AnswerResponse, PaperQuestion } from '../../../common/quizzes';
import type { QuizAnswerRow, QuizAttemptRow } from '../../db/schema/index';

/**
 * xAPI 1.0.3 statements for what learners do in Gurukul (decision 078). Pure functions: the caller gives the base
 * address (PUBLIC_URL) and the names it already holds. The actor is an account on Gurukul (user id), never an
 * e-mail address.
 */
export interface Statement {
  id: string;
  actor: { objectType: 'Agent'; account: { homePage: string; name: string } };
  verb: { id: string; display: Record<string, string> };
  object: {
    objectType: 'Activity';
    id: string;
    definition: Record<string, unknown>;
  };
  result?: Record<string, unknown>;
  context: {
    platform: string;
    language?: string;
    contextActivities?: { parent?: Activity[]; grouping?: Activity[] };
  };
  timestamp: string;
}

type Activity = Statement['object'];

/** A course as a statement names it: its id, live title and catalog language ("Hindi"). */
export interface CourseRef {
  id: string;
  title: string;
  language: string;
}

const ADL_VERBS = 'http://adlnet.gov/expapi/verbs/';
const ADL_ACTIVITIES = 'http://adlnet.gov/expapi/activities/';
/** cmi5's progress extension (0–100), the usual way to say how much of a thing was experienced. */
export const PROGRESS_EXTENSION = 'https://w3id.org/xapi/cmi5/result/extensions/progress';
const NAME_MAX = 200;
const RESPONSE_MAX = 2000;

const verb = (name: 'experienced' | 'completed' | 'answered' | 'passed' | 'failed' | 'asked') => ({
  id: `${ADL_VERBS}${name}`,
  display: { 'en-US': name },
});

/** An RFC 5646 tag for language maps: the course's language, else "und" (undetermined). */
const tagOf = (language: string) => languageCode(language) || 'und';

/** A UUID named by `name` (SHA-1, version 5 layout): the same fact queued again is the same statement. */
export function namedUuid(name: string): string {
  const hex = createHash('sha1').update(`gurukul/xapi/${name}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export class StatementMaker {
  constructor(private readonly publicUrl: string) {}

  activityId(kind: 'course' | 'lesson' | 'quiz' | 'question' | 'guru', id: string): string {
    return `${this.publicUrl}/xapi/activities/${kind}/${id}`;
  }

  private activity(id: string, type: string | null, name: string, language: string): Activity {
    return {
      objectType: 'Activity',
      id,
      definition: {
        ...(type ? { type } : {}),
        name: { [tagOf(language)]: name.slice(0, NAME_MAX) || id },
      },
    };
  }

  courseActivity(course: CourseRef): Activity {
    return this.activity(
      this.activityId('course', course.id),
      `${ADL_ACTIVITIES}course`,
      course.title,
      course.language,
    );
  }

  private base(
    id: string,
    userId: string,
    at: Date,
    course: CourseRef | null,
  ): Pick<Statement, 'id' | 'actor' | 'timestamp' | 'context'> {
    const language = course ? languageCode(course.language) : '';
    return {
      id,
      actor: { objectType: 'Agent', account: { homePage: this.publicUrl, name: userId } },
      timestamp: at.toISOString(),
      context: {
        platform: 'Gurukul',
        ...(language ? { language } : {}),
        ...(course ? { contextActivities: { parent: [this.courseActivity(course)] } } : {}),
      },
    };
  }

  /** A lesson watched further (`experienced`, with the share watched), or watched to completion (`completed`). */
  lessonWatched(input: {
    userId: string;
    course: CourseRef;
    lesson: { id: string; title: string; durationSeconds: number | null };
    watchedSeconds: number;
    completed: boolean;
    at: Date;
  }): Statement {
    const { lesson, course } = input;
    const duration = `PT${Math.round(input.watchedSeconds)}S`;
    const progress =
      lesson.durationSeconds && lesson.durationSeconds > 0
        ? Math.min(100, Math.round((input.watchedSeconds / lesson.durationSeconds) * 100))
        : null;
    return {
      ...this.base(
        input.completed ? namedUuid(`completed:${input.userId}:${lesson.id}`) : randomUUID(),
        input.userId,
        input.at,
        course,
      ),
      verb: verb(input.completed ? 'completed' : 'experienced'),
      object: this.activity(
        this.activityId('lesson', lesson.id),
        `${ADL_ACTIVITIES}lesson`,
        lesson.title,
        course.language,
      ),
      result: input.completed
        ? { completion: true, duration }
        : { duration, ...(progress === null ? {} : { extensions: { [PROGRESS_EXTENSION]: progress } }) },
    };
  }

  /** A question put to a guru, its words as the response. */
  guruAsked(input: {
    userId: string;
    guru: { id: string; name: string };
    course: CourseRef | null;
    question: string;
    at: Date;
  }): Statement {
    return {
      ...this.base(randomUUID(), input.userId, input.at, input.course),
      verb: verb('asked'),
      object: this.activity(
        this.activityId('guru', input.guru.id),
        null,
        input.guru.name,
        input.course?.language ?? '',
      ),
      result: { response: input.question.slice(0, RESPONSE_MAX) },
    };
  }

  /**
   * A marked attempt: one `answered` per question (its response, score and whether it got full marks; timestamp
   * when it was saved), then `passed` or `failed` with the attempt's score. Ids are named by the attempt and the
   * marks, so announcing the same marks again queues nothing new, while a re-marking that changes them does.
   */
  markedAttempt(input: {
    attempt: QuizAttemptRow;
    answers: QuizAnswerRow[];
    course: CourseRef;
  }): Statement[] {
    const { attempt, course } = input;
    const markedAt = attempt.markedAt ?? new Date();
    const quiz = this.activity(
      this.activityId('quiz', attempt.quizId),
      `${ADL_ACTIVITIES}assessment`,
      attempt.quizTitle,
      course.language,
    );
    const answers = new Map(input.answers.map((answer) => [answer.questionId, answer]));
    const answered = attempt.paper.flatMap((question): Statement[] => {
      const answer = answers.get(question.id);
      if (!answer || !isAnswered(answer.response)) return [];
      const base = this.base(
        namedUuid(`answered:${attempt.id}:${question.id}:${answer.score}`),
        attempt.userId,
        answer.savedAt,
        course,
      );
      return [
        {
          ...base,
          context: {
            ...base.context,
            contextActivities: { parent: [quiz], grouping: [this.courseActivity(course)] },
          },
          verb: verb('answered'),
          object: this.questionActivity(question, course.language),
          result: {
            response: responseOf(question, answer.response),
            ...(answer.score === null
              ? {}
              : { success: answer.score >= question.marks, ...scoreOf(answer.score, question.marks) }),
          },
        },
      ];
    });
    const passed = attempt.passed === true;
    const outcome: Statement = {
      ...this.base(
        namedUuid(`marked:${attempt.id}:${attempt.score}:${attempt.passed}`),
        attempt.userId,
        markedAt,
        course,
      ),
      verb: verb(passed ? 'passed' : 'failed'),
      object: quiz,
      result: { success: passed, completion: true, ...scoreOf(attempt.score ?? 0, attempt.maxScore) },
    };
    return [...answered, outcome];
  }

  private questionActivity(question: PaperQuestion, language: string): Activity {
    const tag = tagOf(language);
    const choice =
      question.type === 'single' || question.type === 'multiple' || question.type === 'true_false';
    const correct = question.options.filter((option) => option.correct).map((option) => option.id);
    const activity = this.activity(
      this.activityId('question', question.id),
      `${ADL_ACTIVITIES}cmi.interaction`,
      question.prompt,
      language,
    );
    return {
      ...activity,
      definition: {
        ...activity.definition,
        description: { [tag]: question.prompt.slice(0, RESPONSE_MAX) || question.id },
        interactionType: choice
          ? 'choice'
          : question.type === 'short'
            ? 'fill-in'
            : question.type === 'long'
              ? 'long-fill-in'
              : 'other',
        ...(choice
          ? {
              choices: question.options.map((option) => ({
                id: option.id,
                description: { [tag]: option.text.slice(0, NAME_MAX) || option.id },
              })),
              ...(correct.length > 0 ? { correctResponsesPattern: [correct.join('[,]')] } : {}),
            }
          : {}),
      },
    };
  }
}

const isAnswered = (response: AnswerResponse) =>
  (response.optionIds?.length ?? 0) > 0 || Boolean(response.text?.trim()) || Boolean(response.fileName);

/** The xAPI response string: chosen option ids joined by "[,]", the text typed, or the file's name. */
function responseOf(question: PaperQuestion, response: AnswerResponse): string {
  if (response.optionIds) return response.optionIds.join('[,]');
  if (question.type === 'file') return response.fileName ?? '';
  return (response.text ?? '').slice(0, RESPONSE_MAX);
}

/** raw/min/max/scaled as xAPI wants them: min ≤ raw ≤ max, scaled in −1…1; nothing when there is no maximum. */
function scoreOf(raw: number, max: number): { score?: Record<string, number> } {
  if (!(max > 0)) return {};
  const min = Math.min(0, raw);
  const bounded = Math.min(raw, max);
  return {
    score: {
      scaled: Math.max(-1, Math.min(1, Math.round((bounded / max) * 10_000) / 10_000)),
      raw: bounded,
      min,
      max,
    },
  };
}
