import type { AttemptView, QuestionInput, QuizDetail } from '../../common/contracts/quizzes';
import type { AnswerResponse } from '../../common/quizzes';

/** The seed's way of calling the API (see demo-content.ts): throws on any 4xx/5xx. */
export type SeedCall = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  extra?: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

export type SeedMultipart = (
  filename: string,
  contentType: string,
  bytes: Buffer,
) => { payload: Buffer; headers: Record<string, string> };

interface Lesson {
  id: string;
  title: string;
  /** Where each slide of the lesson starts, by its heading. */
  slideStarts: Map<string, number>;
}

/** The moment a question points to: the start of the slide of `title` headed `heading`. */
function moment(lessons: Lesson[], title: string, heading: string) {
  const lesson = lessons.find((candidate) => candidate.title === title);
  const seconds = lesson?.slideStarts.get(heading);
  if (!lesson || seconds === undefined) throw new Error(`The demo lesson ${title} has no slide "${heading}"`);
  return { videoId: lesson.id, videoSeconds: seconds };
}

/** One question of every type, each pointing at the lesson moment (the slide) that teaches it. */
function demoQuestions(lessons: Lesson[]): QuestionInput[] {
  return [
    {
      type: 'single',
      prompt: 'How many degrees do the angles of a triangle add up to?',
      options: [
        { text: '90', correct: false },
        { text: '180', correct: true },
        { text: '360', correct: false },
      ],
      marks: 2,
      negativeMarks: 0.5,
      explanation: 'The three angles of any triangle always add up to 180 degrees.',
      ...moment(lessons, 'Triangles', 'The angles of a triangle'),
    },
    {
      type: 'multiple',
      prompt: 'Which of these are kinds of angle?',
      options: [
        { text: 'Acute', correct: true },
        { text: 'Right', correct: true },
        { text: 'Obtuse', correct: true },
        { text: 'Parallel', correct: false },
      ],
      marks: 2,
      explanation: 'Acute, right and obtuse describe the size of an angle; parallel describes two lines.',
      ...moment(lessons, 'Angles', 'Acute and obtuse angles'),
    },
    {
      type: 'true_false',
      prompt: 'A point has a size.',
      trueFalseAnswer: false,
      marks: 1,
      explanation: 'A point has a position but no size.',
      ...moment(lessons, 'Points and Lines', 'Points'),
    },
    {
      type: 'short',
      prompt: 'What do we call a triangle whose three sides are equal?',
      acceptedAnswers: ['Equilateral', 'Equilateral triangle'],
      marks: 1,
      explanation: 'Equal sides: equilateral. Two equal sides: isosceles.',
      ...moment(lessons, 'Triangles', 'Triangles by their sides'),
    },
    {
      type: 'long',
      prompt: 'In your own words, explain the difference between a line and a line segment.',
      marks: 4,
      explanation: 'A line goes on for ever in both directions; a segment has two end points.',
      ...moment(lessons, 'Points and Lines', 'Line segments and rays'),
    },
    {
      type: 'file',
      prompt: 'Draw a right angle, label it, and upload a photo or scan of your drawing.',
      marks: 2,
      explanation: 'A right angle measures exactly 90 degrees; mark it with a small square.',
      ...moment(lessons, 'Angles', 'Right angles'),
    },
  ];
}

/** Adds the demo quiz to the (not yet submitted) demo course. */
export async function seedDemoQuiz(call: SeedCall, teacher: string, courseId: string, lessons: Lesson[]) {
  const quiz = (await call('POST', `/api/quizzes/of-course/${courseId}`, teacher, {
    payload: {
      title: 'Geometry check',
      instructions:
        'Six questions on points, lines, angles and triangles. Take your time: you have 15 minutes and 3 attempts.',
      timeLimitMinutes: 15,
      attemptsAllowed: 3,
      shuffleQuestions: false,
      shuffleOptions: false,
      displayMode: 'one',
      passPercent: 60,
    },
  })) as unknown as QuizDetail;
  for (const question of demoQuestions(lessons)) {
    await call('POST', `/api/quizzes/${quiz.id}/questions`, teacher, { payload: question });
  }
  return quiz.id;
}

/** Answers of an attempt, by question prompt: option texts, or a text. */
type DemoAnswers = Record<string, { options?: string[]; text?: string }>;

async function answerAttempt(call: SeedCall, student: string, attempt: AttemptView, answers: DemoAnswers) {
  for (const question of attempt.questions) {
    const given = answers[question.prompt];
    if (!given) continue;
    const response: AnswerResponse = given.options
      ? {
          optionIds: question.options
            .filter((option) => given.options?.includes(option.text))
            .map((option) => option.id),
        }
      : { text: given.text };
    await call('PUT', `/api/learning/attempts/${attempt.id}/answers/${question.id}`, student, {
      payload: { response },
    });
  }
}

/**
 * student@'s two attempts: the first marked by the teacher (with feedback), the second submitted and
 * waiting for marking — so /mark-submission, the result page and the reports have something to show.
 */
export async function seedDemoAttempts(
  call: SeedCall,
  multipart: SeedMultipart,
  tokens: { student: string; teacher: string },
  quizId: string,
  drawing: Buffer,
) {
  const start = async () =>
    (await call(
      'POST',
      `/api/learning/quizzes/${quizId}/attempts`,
      tokens.student,
    )) as unknown as AttemptView;
  const questionId = (attempt: AttemptView, type: string) =>
    attempt.questions.find((question) => question.type === type)?.id as string;

  const first = await start();
  await answerAttempt(call, tokens.student, first, {
    'How many degrees do the angles of a triangle add up to?': { options: ['180'] },
    'Which of these are kinds of angle?': { options: ['Acute', 'Right'] },
    'A point has a size.': { options: ['False'] },
    'What do we call a triangle whose three sides are equal?': { text: '  equilateral ' },
    'In your own words, explain the difference between a line and a line segment.': {
      text: 'A line never ends, in both directions. A line segment is the part of a line between two end points.',
    },
  });
  await call(
    'POST',
    `/api/learning/attempts/${first.id}/answers/${questionId(first, 'file')}/file`,
    tokens.student,
    multipart('right-angle.pdf', 'application/pdf', drawing),
  );
  await call('POST', `/api/learning/attempts/${first.id}/submit`, tokens.student);
  await call('PUT', `/api/marking/attempts/${first.id}`, tokens.teacher, {
    payload: {
      marks: [
        {
          questionId: questionId(first, 'long'),
          score: 4,
          feedback: 'Exactly right: end points are what make a segment.',
        },
        {
          questionId: questionId(first, 'file'),
          score: 1.5,
          feedback: 'Good drawing; remember the little square.',
        },
      ],
    },
  });

  const second = await start();
  await answerAttempt(call, tokens.student, second, {
    'How many degrees do the angles of a triangle add up to?': { options: ['180'] },
    'Which of these are kinds of angle?': { options: ['Acute', 'Right', 'Obtuse'] },
    'A point has a size.': { options: ['False'] },
    'What do we call a triangle whose three sides are equal?': { text: 'Equilateral' },
    'In your own words, explain the difference between a line and a line segment.': {
      text: 'A segment stops at two points; a line keeps going.',
    },
  });
  await call('POST', `/api/learning/attempts/${second.id}/submit`, tokens.student);
}
