/**
 * Gurus: the words both sides share (SPEC §3 Guru, §8 texts). See docs/decisions/013-gurus.md.
 */

/** SPEC §3 voice names. Locally each is a different speaker (common/voices.ts); OpenAI uses the same names. */
export const GURU_VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
export type GuruVoice = (typeof GURU_VOICES)[number];

/** SPEC §3 avatar kinds. */
export const AVATAR_KINDS = ['static', 'd_id', 'readyplayerme'] as const;
export type AvatarKind = (typeof AVATAR_KINDS)[number];

export const TEACHING_MODES = ['direct', 'hints'] as const;
export type TeachingMode = (typeof TEACHING_MODES)[number];
export const TEACHING_MODE_LABELS: Record<TeachingMode, string> = {
  direct: 'Direct answers',
  hints: 'Hints first (let students work it out)',
};
/** What a hints-mode chat's "Show me the answer" button asks (decision 058); typed, the guru takes it the same way. */
export const SHOW_ANSWER = 'Show me the answer';

export const GURU_STATUSES = ['draft', 'training', 'ready', 'failed'] as const;
export type GuruStatus = (typeof GURU_STATUSES)[number];

/** SPEC §2 wizard steps and content tabs of /training-guru. */
export const GURU_STEPS = ['training-information', 'course-videos', 'avatar-information'] as const;
export type GuruStep = (typeof GURU_STEPS)[number];
export const GURU_TABS = ['introduction', 'demo', 'faq'] as const;
export type GuruTab = (typeof GURU_TABS)[number];

/** Where a passage came from; a citation opens the video at its moment, the slide, or the page. */
export const SOURCE_KINDS = ['caption', 'material', 'course_faq', 'guru_faq', 'segment'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export interface Citation {
  /** The chunk cited (stable while its source is unchanged). */
  chunkId: string;
  sourceKind: SourceKind;
  title: string;
  /** A short quote of the passage. */
  excerpt: string;
  courseId: string | null;
  videoId: string | null;
  materialId: string | null;
  startSeconds: number | null;
  page: number | null;
  slide: number | null;
  /** The slide's title or the FAQ's question; absent in answers saved before titles were kept. */
  heading?: string;
}

/** Integration keys of SPEC §3, with the descriptions shown on /integrations. */
export const INTEGRATION_KEYS = ['didApiKey', 'elevenLabsApiKey'] as const;
export type IntegrationKeyName = (typeof INTEGRATION_KEYS)[number];
export const INTEGRATIONS: Record<IntegrationKeyName, { name: string; description: string }> = {
  didApiKey: {
    name: 'D-ID',
    description: 'Talking-head videos for your gurus and course library avatars. Uses your D-ID credits.',
  },
  elevenLabsApiKey: {
    name: 'ElevenLabs',
    description: 'Natural and cloned voices for your gurus, billed to your ElevenLabs account.',
  },
};

/** SPEC §8 texts, word for word, and ours for what the spec leaves open (decision 013). */
export const GURU_MSG = {
  upgradeForGurus: 'Please upgrade your plan to add more gurus',
  deleteExtraGurus: 'Please delete additional gurus before continuing',
  sessionLimit: 'You have reached the session limit for this month!',
  notEnoughDidCredits: 'You do not have enough DID credits to perform this action.',
  staticAvatarImage: 'Please upload your image to use static avatar.',
  selectVoice: 'Please select a voice for your assistant.',
  selectFallbackVoice: 'Please select a fallback voice for your assistant.',
  quizInProgress: 'Your guru is unavailable while you have a quiz in progress. Submit the quiz to continue.',
  notReady: 'This guru is not ready yet. Its owner has to train it first.',
  stillAnswering: 'Your guru is still answering your last message. Please wait for it to finish.',
  notSubscribed: 'Subscribe to a course of this guru to ask it questions.',
  didKeyMissing: 'Add your D-ID key in Integrations to use a D-ID avatar.',
  keyCheckFailed: 'The service did not accept this key. Please check it and try again.',
  glbRequired: 'Please give a GLB avatar URL or upload a .glb file.',
  notCovered:
    "I'm sorry — the course material doesn't cover that question, so I can't answer it reliably. Try asking about a topic from the course, or ask your teacher.",
} as const;

/** Text sizes the server and the forms agree on. */
export const GURU_LIMITS = {
  nameMax: 80,
  subjectMax: 120,
  instructionsMax: 4000,
  introductionMax: 4000,
  questionMax: 1000,
  answerMax: 4000,
  questionsPerTab: 100,
  /** Text one speech request may synthesise (a sentence or a short answer). */
  speechMaxChars: 1200,
  replyMax: 4000,
} as const;
