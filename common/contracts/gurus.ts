import { z } from 'zod';
import {
  AVATAR_KINDS,
  type AvatarKind,
  type Citation,
  GURU_LIMITS,
  GURU_MSG,
  GURU_VOICES,
  type GuruStatus,
  type GuruVoice,
  INTEGRATION_KEYS,
  type IntegrationKeyName,
  TEACHING_MODES,
  type TeachingMode,
} from '../gurus';
import { atMostCharacters, MSG } from '../messages';
import { requiredText, withinCharacters } from './fields';

/**
 * The guru API's shapes (docs/decisions/013-gurus.md). Paths, all JSON unless noted:
 *
 * Building (admin, institute, teacher; the owner, the owner's institute, or an admin):
 *   GET    /api/gurus                                   → { gurus: GuruSummary[], limit: GuruLimitState }
 *   POST   /api/gurus                 TrainingInfoInput → 201 GuruDetail  ('Please upgrade your plan to add more gurus')
 *   GET    /api/gurus/:guruId                           → GuruDetail
 *   DELETE /api/gurus/:guruId                           → 204 (its conversations go with it)
 *   PUT    /api/gurus/:guruId/training-information  TrainingInfoInput → GuruDetail
 *   PUT    /api/gurus/:guruId/sources     SourcesInput   → GuruDetail      (courses and videos it learns from)
 *   GET    /api/gurus/source-options                    → { courses: SourceCourseOption[] } (the caller's courses)
 *   PUT    /api/gurus/:guruId/avatar      AvatarInput    → GuruDetail      (voice/fallback/kind texts of §8)
 *   POST   /api/gurus/:guruId/avatar-image   multipart image → GuruDetail
 *   POST   /api/gurus/:guruId/avatar-glb     multipart .glb  → GuruDetail
 *   PUT    /api/gurus/:guruId/introduction IntroductionInput → GuruDetail
 *   POST   /api/gurus/:guruId/introduction-video multipart video → GuruDetail
 *   PUT    /api/gurus/:guruId/questions/:kind  QuestionsInput → GuruDetail (kind demo | faq; replaces the list)
 *   POST   /api/gurus/:guruId/train                     → 202 TrainingState (queues the indexing job)
 *   GET    /api/gurus/:guruId/training                  → TrainingState    (also pushed live as 'guru-training')
 *   After a downgrade leaves more gurus than the plan allows, every building call but GET and DELETE answers
 *   403 'Please delete additional gurus before continuing'.
 *
 * Talking (students subscribed to one of the guru's courses; the owner side testing):
 *   GET    /api/gurus/for-course/:courseId               → { gurus: SessionGuru[] } (ready gurus of a course)
 *   GET    /api/gurus/:guruId/session-info                → SessionGuru
 *   POST   /api/gurus/:guruId/sessions  { courseId? }     → 201 { conversationId } (session limit, open quiz)
 *   POST   /api/conversations/:conversationId/ask  AskInput → 200 application/x-ndjson stream of AskEvent
 *   POST   /api/gurus/:guruId/speech    SpeechInput       → audio (audio/wav or audio/mpeg): one sentence
 *   POST   /api/gurus/:guruId/talks     SpeechInput       → 201 { talkId } (D-ID avatars; owner's key/credits)
 *   GET    /api/gurus/:guruId/talks/:talkId               → { status, videoUrl }
 *
 * Conversations (student: own; teacher: their gurus'; institute: its teachers' too; admin: all):
 *   GET    /api/conversations?search&page&pageSize       → ConversationList
 *   GET    /api/conversations/unread                      → { newChatIds: string[] }
 *   GET    /api/conversations/:conversationId             → ConversationView (marks it read)
 *   POST   /api/conversations/:conversationId/replies  ReplyInput → 201 MessageView (live 'new-reply')
 *   POST   /api/conversations/:conversationId/messages/:messageId/correction CorrectionInput → MessageView
 *
 * Integrations (admin, institute, teacher; their own keys):
 *   GET    /api/integrations                              → { integrations: IntegrationView[] }
 *   PUT    /api/integrations/:keyName  IntegrationInput   → IntegrationView (checked with the service first)
 *   DELETE /api/integrations/:keyName                     → 204
 */

const optionalText = (max: number) =>
  z
    .string()
    .refine((value) => withinCharacters(value, max), atMostCharacters(max))
    .transform((value) => value.trim())
    .default('');

export const trainingInfoSchema = z.object({
  name: requiredText(GURU_LIMITS.nameMax),
  subject: optionalText(GURU_LIMITS.subjectMax),
  instructions: optionalText(GURU_LIMITS.instructionsMax),
  teachingMode: z.enum(TEACHING_MODES, { error: MSG.selectOption }).default('direct'),
});
export type TrainingInfoInput = z.input<typeof trainingInfoSchema>;

export const sourcesSchema = z.object({
  courseIds: z.array(z.uuid()).max(50),
  /** Videos of those courses whose captions the guru learns from. */
  videoIds: z.array(z.uuid()).max(500).default([]),
});
export type SourcesInput = z.input<typeof sourcesSchema>;

export const avatarSchema = z
  .object({
    avatarKind: z.enum(AVATAR_KINDS, { error: MSG.selectOption }),
    voice: z.enum(GURU_VOICES, { error: GURU_MSG.selectVoice }),
    fallbackVoice: z.enum(GURU_VOICES, { error: GURU_MSG.selectFallbackVoice }),
    /** readyplayerme: a GLB by URL (or uploaded through avatar-glb). */
    avatarGlbUrl: z
      .union([
        z.url({ protocol: /^https?$/, error: MSG.url('https://models.example.com/avatar.glb') }),
        z.literal(''),
      ])
      .optional(),
  })
  .strict();
export type AvatarInput = z.input<typeof avatarSchema>;

export const introductionSchema = z.object({
  introductionText: optionalText(GURU_LIMITS.introductionMax),
});
export type IntroductionInput = z.input<typeof introductionSchema>;

export const questionItemSchema = z.object({
  question: requiredText(GURU_LIMITS.questionMax),
  answer: requiredText(GURU_LIMITS.answerMax),
});
export const questionsSchema = z.object({
  items: z.array(questionItemSchema).max(GURU_LIMITS.questionsPerTab),
});
export type QuestionsInput = z.input<typeof questionsSchema>;
export const GURU_QUESTION_KINDS = ['demo', 'faq'] as const;
export type GuruQuestionKind = (typeof GURU_QUESTION_KINDS)[number];

export const askSchema = z.object({
  question: requiredText(GURU_LIMITS.questionMax),
});
export type AskInput = z.input<typeof askSchema>;

export const speechSchema = z.object({
  text: requiredText(GURU_LIMITS.speechMaxChars),
  /** Defaults to the guru's voice; the wizard's "hear a sample" passes the voice being chosen. */
  voice: z.enum(GURU_VOICES).optional(),
});
export type SpeechInput = z.input<typeof speechSchema>;

export const replySchema = z.object({ message: requiredText(GURU_LIMITS.replyMax) });
export type ReplyInput = z.input<typeof replySchema>;

export const correctionSchema = z.object({ answer: requiredText(GURU_LIMITS.answerMax) });
export type CorrectionInput = z.input<typeof correctionSchema>;

export const integrationSchema = z.object({
  value: requiredText(500),
  description: optionalText(300),
});
export type IntegrationInput = z.input<typeof integrationSchema>;
export const integrationKeyNameSchema = z.enum(INTEGRATION_KEYS);

export const conversationListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

// ---- answers ----

export interface GuruLimitState {
  /** Gurus the plan allows (null = unlimited). */
  limit: number | null;
  count: number;
  /** True when a downgrade left more gurus than allowed: only deleting is possible until it is false. */
  overLimit: boolean;
}

export interface GuruSummary {
  id: string;
  name: string;
  subject: string;
  status: GuruStatus;
  trainingProgress: number;
  avatarKind: AvatarKind | null;
  avatarImageUrl: string | null;
  courseTitles: string[];
  conversationCount: number;
  ownerName: string;
  updatedAt: string;
}

export interface GuruQuestionView {
  id: string;
  question: string;
  answer: string;
}

export interface GuruDetail {
  id: string;
  ownerId: string;
  name: string;
  subject: string;
  instructions: string;
  teachingMode: TeachingMode;
  introductionText: string;
  introductionVideoUrl: string | null;
  avatarKind: AvatarKind | null;
  avatarImageUrl: string | null;
  avatarGlbUrl: string | null;
  voice: GuruVoice | null;
  fallbackVoice: GuruVoice | null;
  status: GuruStatus;
  trainingProgress: number;
  trainingError: string | null;
  /** When the last training failed (with trainingError). */
  trainingFailedAt: string | null;
  /** The training students are answered from, kept when a later training fails (decision 054). */
  trainedAt: string | null;
  courseIds: string[];
  videoIds: string[];
  demo: GuruQuestionView[];
  faq: GuruQuestionView[];
  /** True when material changed since the last training (the list and wizard offer "Train again"). */
  needsTraining: boolean;
}

export interface SourceCourseOption {
  id: string;
  title: string;
  videos: { id: string; title: string; hasCaptions: boolean; durationSeconds: number | null }[];
  materialCount: number;
  faqCount: number;
}

export interface TrainingState {
  guruId: string;
  status: GuruStatus;
  /** 0-100 */
  progress: number;
  /** Why the last training failed, and when; null once a training succeeds (or while one runs). */
  error: string | null;
  failedAt: string | null;
  /** When the training students are answered from started; null until one succeeded. */
  trainedAt: string | null;
  /** Sources indexed / reused in the last (or running) training. */
  indexedSources: number;
  reusedSources: number;
  chunkCount: number;
}

/** What the live session needs about a guru. */
export interface SessionGuru {
  id: string;
  name: string;
  subject: string;
  introductionText: string;
  introductionVideoUrl: string | null;
  avatarKind: AvatarKind | null;
  avatarImageUrl: string | null;
  avatarGlbUrl: string | null;
  voice: GuruVoice | null;
  demoQuestions: string[];
  /** The guru owner's brand logo, or their institute's; null: the product's mark. */
  brandLogoUrl: string | null;
  /** True when the caller could start a session now; else `unavailableReason` says why. */
  available: boolean;
  unavailableReason: string | null;
}

/** One line of the ask stream (NDJSON). Text arrives in deltas; citations once; `done` ends it. */
export type AskEvent =
  | { type: 'text'; delta: string }
  | { type: 'citations'; citations: Citation[] }
  /** awaitingTry: a hints-mode guru waits for the student's try (the chat offers "Show me the answer"). */
  | { type: 'done'; messageId: string; notCovered: boolean; awaitingTry?: boolean }
  | { type: 'error'; message: string };

export type MessageRole = 'user' | 'guru' | 'teacher';

export interface MessageView {
  id: string;
  role: MessageRole;
  authorName: string | null;
  text: string;
  citations: Citation[];
  notCovered: boolean;
  markedWrong: boolean;
  correction: string | null;
  createdAt: string;
}

export interface ConversationRow {
  id: string;
  guruId: string;
  guruName: string;
  /** The student's name, or "Visitor on <site>" for an anonymous session on an embedding site. */
  studentName: string;
  /** The site the session was held on when the guru was embedded there, else null. */
  embedOrigin: string | null;
  courseTitle: string | null;
  title: string;
  lastMessage: string;
  lastMessageAt: string;
  unread: boolean;
}

export interface ConversationList {
  conversations: ConversationRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ConversationView {
  id: string;
  guru: { id: string; name: string; avatarImageUrl: string | null };
  /** id is null for an anonymous visitor of an embedding site. */
  student: { id: string | null; name: string };
  embedOrigin: string | null;
  courseId: string | null;
  courseTitle: string | null;
  startedAt: string;
  messages: MessageView[];
  /** The caller may reply in person (owner side or the student; nobody to an anonymous visitor). */
  canReply: boolean;
  /** The caller may mark guru answers wrong (owner side). */
  canCorrect: boolean;
}

/** SPEC §3 new-reply event, sent to the other party's `user:<id>` room. */
export interface NewReplyEvent {
  userId: string;
  conversationId: string;
  message: string;
  user: { firstName: string; lastName: string };
}

export interface IntegrationView {
  keyName: IntegrationKeyName;
  name: string;
  description: string;
  /** e.g. "••••••••3f9a"; null when no key is saved. */
  maskedKey: string | null;
  /** The user's own note. */
  note: string;
  checkedAt: string | null;
}
