import type { App } from '../http/app-type';
import { trainGuru } from '../modules/gurus/training/train';
import type { SeedCall } from './demo-quiz';

export const DEMO_GURU_NAME = 'Geometry Guru';
export const DEMO_CONVERSATION_QUESTION = 'How many degrees are in a right angle?';

const DEMO_QUESTIONS = [
  {
    question: 'How many sides does a hexagon have?',
    answer: 'A hexagon has six sides; a regular hexagon also has six equal angles of 120 degrees each.',
  },
  { question: 'How many degrees are in a right angle?', answer: 'A right angle is exactly 90 degrees.' },
  {
    question: 'What do the angles of a triangle add up to?',
    answer: 'The three angles of any triangle add up to 180 degrees.',
  },
];

const FAQ = [
  {
    question: 'What is a point?',
    answer: 'A point marks a position. It has no length, width or size; we name it with a capital letter.',
  },
  {
    question: 'What is a right angle?',
    answer: 'An angle of exactly 90 degrees, drawn with a small square in its corner.',
  },
  {
    question: 'Why do the angles of a triangle add up to 180 degrees?',
    answer:
      'Draw a line through one corner parallel to the opposite side: the three angles fit together along that straight line, and a straight line is 180 degrees.',
  },
];

/**
 * The demo guru of README.md: "Geometry Guru" of teacher@, learning from the demo course and its captioned
 * lessons, wearing the gallery's illustrated teacher (static avatar), voices nova/alloy, an introduction, demo questions and an
 * FAQ, then trained right away so student@ can talk to it. Built through the API like the rest of the demo.
 */
export async function seedDemoGuru(
  app: App,
  call: SeedCall,
  teacher: string,
  courseId: string,
  lessonIds: string[],
): Promise<string> {
  const guru = await call('POST', '/api/gurus', teacher, {
    payload: {
      name: DEMO_GURU_NAME,
      subject: 'Geometry for beginners',
      instructions:
        'Explain with everyday examples, keep answers short, and point students to the lesson moment that covers their question.',
      teachingMode: 'direct',
    },
  });
  const guruId = guru.id as string;
  await call('PUT', `/api/gurus/${guruId}/sources`, teacher, {
    payload: { courseIds: [courseId], videoIds: lessonIds },
  });
  // The gallery's illustrated teacher, as a new teacher would finish a guru without a photo (decision 061).
  await call('PUT', `/api/gurus/${guruId}/avatar-gallery`, teacher, { payload: { avatar: 'teacher' } });
  await call('PUT', `/api/gurus/${guruId}/avatar`, teacher, {
    payload: { avatarKind: 'static', voice: 'nova', fallbackVoice: 'alloy' },
  });
  await call('PUT', `/api/gurus/${guruId}/introduction`, teacher, {
    payload: {
      introductionText:
        "Hello! I'm Geometry Guru. Ask me anything about points and lines, angles, triangles, polygons, circles, perimeter and area from Foundations of Geometry, and I'll show you where the lessons explain it.",
    },
  });
  await call('PUT', `/api/gurus/${guruId}/questions/demo`, teacher, { payload: { items: DEMO_QUESTIONS } });
  await call('PUT', `/api/gurus/${guruId}/questions/faq`, teacher, { payload: { items: FAQ } });
  // Trained now rather than queued, so the demo guru is ready when the app starts listening.
  await trainGuru(app, guruId);
  return guruId;
}

/**
 * The demo conversation: student@ asks Geometry Guru about right angles (a cited answer from the course) and
 * teacher@ adds a reply in person, so /conversation-management has something to show on both sides.
 */
export async function seedDemoConversation(
  app: App,
  call: SeedCall,
  tokens: { student: string; teacher: string },
  guruId: string,
  courseId: string,
): Promise<void> {
  const session = await call('POST', `/api/gurus/${guruId}/sessions`, tokens.student, {
    payload: { courseId },
  });
  const conversationId = session.conversationId as string;
  // The ask call answers with an NDJSON stream, not JSON, so it is injected directly.
  const asked = await app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/ask`,
    headers: { authorization: `Bearer ${tokens.student}` },
    payload: { question: DEMO_CONVERSATION_QUESTION },
  });
  if (asked.statusCode !== 200 || !asked.body.includes('"type":"done"')) {
    throw new Error(`The demo question was not answered: ${asked.statusCode} ${asked.body.slice(0, 200)}`);
  }
  await call('POST', `/api/conversations/${conversationId}/replies`, tokens.teacher, {
    payload: {
      message:
        'Well asked! A handy check at home: the corner of a sheet of paper is a right angle. Hold it against the angles in your drawings.',
    },
  });
}
