import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Citation } from '../../../common/gurus';
import { courses, courseVideos } from './courses';
import type { HintLadderState } from './hint-ladder-state';
import { users } from './users';

/** PostgreSQL's tsvector; only ever written by the generated column below. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * An AI instructor. Its owner (teacher, institute or admin) builds it in three steps (training information,
 * courses and videos, avatar) plus the introduction/demo/FAQ tabs; status follows training:
 * draft → training → ready | failed (editing the material of a ready guru keeps it ready; the next training
 * re-indexes only what changed). See docs/decisions/013-gurus.md.
 */
export const gurus = pgTable(
  'gurus',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    /** Tone and what the guru must not do; given to the LLM and shown to the owner. */
    instructions: text('instructions').notNull().default(''),
    /** 'direct' answers, or 'hints' first for students who should work it out. */
    teachingMode: text('teaching_mode').notNull().default('direct'),
    introductionText: text('introduction_text').notNull().default(''),
    introductionVideoPath: text('introduction_video_path'),
    /** 'static' | 'd_id' | 'readyplayerme'; null until the avatar step is saved. */
    avatarKind: text('avatar_kind'),
    avatarImagePath: text('avatar_image_path'),
    /** A GLB uploaded by the owner, or a URL to one (readyplayerme). */
    avatarGlbPath: text('avatar_glb_path'),
    avatarGlbUrl: text('avatar_glb_url'),
    voice: text('voice'),
    fallbackVoice: text('fallback_voice'),
    status: text('status').notNull().default('draft'),
    trainingProgress: integer('training_progress').notNull().default(0),
    trainingError: text('training_error'),
    trainedAt: timestamp('trained_at', { withTimezone: true }),
    /** When the last training failed (with trainingError); students are still answered from trainedAt's index. */
    trainingFailedAt: timestamp('training_failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gurus_owner_idx').on(t.ownerId)],
);

/** The courses a guru learns from (their study material, FAQ and the chosen videos' captions). */
export const guruCourses = pgTable(
  'guru_courses',
  {
    guruId: uuid('guru_id')
      .notNull()
      .references(() => gurus.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.guruId, t.courseId] }), index('guru_courses_course_idx').on(t.courseId)],
);

/** The videos of those courses whose captions the guru learns from (the course-videos step). */
export const guruVideos = pgTable(
  'guru_videos',
  {
    guruId: uuid('guru_id')
      .notNull()
      .references(() => gurus.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => courseVideos.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.guruId, t.videoId] })],
);

/**
 * The guru's own question/answer pairs. kind 'demo' are the sample questions shown in the session; 'faq' are
 * learned from (a teacher's correction of a wrong answer becomes a 'faq' row with source_message_id set).
 */
export const guruQuestions = pgTable(
  'guru_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guruId: uuid('guru_id')
      .notNull()
      .references(() => gurus.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    sourceMessageId: uuid('source_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guru_questions_guru_idx').on(t.guruId, t.kind, t.position)],
);

/**
 * What training has indexed: one row per source (a video's captions, a material's text, an FAQ entry, a
 * course-library segment) with the hash of the text it was indexed from, so re-training skips what did not
 * change and drops what is gone.
 */
export const guruIndexedSources = pgTable(
  'guru_indexed_sources',
  {
    guruId: uuid('guru_id')
      .notNull()
      .references(() => gurus.id, { onDelete: 'cascade' }),
    /** Stable key such as 'caption:<videoId>', 'material:<materialId>', 'faq:<questionId>'. */
    sourceKey: text('source_key').notNull(),
    contentHash: text('content_hash').notNull(),
    chunkCount: integer('chunk_count').notNull(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guruId, t.sourceKey] })],
);

/**
 * A passage the guru can cite, remembering where it came from. `search` is generated by PostgreSQL (its
 * language's configuration) from the heading (a slide's title or an FAQ question, weight A: a match there counts most),
 * and the source title and text (weight D), and searched with OR-ed lexemes ranked by ts_rank_cd.
 */
export const guruChunks = pgTable(
  'guru_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guruId: uuid('guru_id')
      .notNull()
      .references(() => gurus.id, { onDelete: 'cascade' }),
    sourceKey: text('source_key').notNull(),
    /** 'caption' | 'material' | 'course_faq' | 'guru_faq' | 'segment' */
    sourceKind: text('source_kind').notNull(),
    /** Human label of the source, e.g. the video or material title. */
    title: text('title').notNull(),
    /** What the passage is about in a few words: a slide's title, an FAQ's question ('' for none). */
    heading: text('heading').notNull().default(''),
    text: text('text').notNull(),
    courseId: uuid('course_id'),
    videoId: uuid('video_id'),
    materialId: uuid('material_id'),
    startSeconds: real('start_seconds'),
    endSeconds: real('end_seconds'),
    page: integer('page'),
    slide: integer('slide'),
    position: integer('position').notNull().default(0),
    /**
     * The passage's language (common/languages.ts): its course's, else its script's. 'en' and '' are searched
     * with the english configuration, every other language with 'simple' over gurukul_search_fold (migration
     * 0029, common/search-fold.ts) plus its English words stemmed (migration 0033: "(luminous objects)").
     */
    language: text('language').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`CASE WHEN language IN ('', 'en') THEN setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', coalesce(title, '') || ' ' || text), 'D') ELSE setweight(to_tsvector('simple', gurukul_search_fold(heading)), 'A') || setweight(to_tsvector('english', gurukul_ascii_part(heading)), 'A') || setweight(to_tsvector('simple', gurukul_search_fold(coalesce(title, '') || ' ' || text)), 'D') || setweight(to_tsvector('english', gurukul_ascii_part(coalesce(title, '') || ' ' || text)), 'D') END`,
    ),
  },
  (t) => [
    index('guru_chunks_guru_idx').on(t.guruId, t.sourceKey),
    index('guru_chunks_search_idx').using('gin', t.search),
  ],
);

/**
 * One session with a guru (SPEC: "every session is kept"): opened by a student of a subscribed course, or by
 * the owner testing. Sessions are counted per calendar month against the guru owner's plan (the payer's).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guruId: uuid('guru_id')
      .notNull()
      .references(() => gurus.id, { onDelete: 'cascade' }),
    /** The student; null for an anonymous visitor of an embedding site (visitorTokenHash holds their key). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The site the session was started on when the guru is embedded elsewhere (an origin), else null. */
    embedOrigin: text('embed_origin'),
    /** SHA-256 of the anonymous visitor's session key: only its holder may ask in this session. */
    visitorTokenHash: text('visitor_token_hash'),
    /**
     * Questions an anonymous visitor has asked in this session, each taken before it is asked by one
     * conditional UPDATE under the per-session cap (server/modules/embed/quotas.ts); 0 for students.
     */
    visitorQuestions: integer('visitor_questions').notNull().default(0),
    /** The course the student came from, when any. */
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** The first question, for lists and search. */
    title: text('title').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The open hint ladder of a hints-mode guru (modules/conversations/hint-ladder.ts); null: none open. */
    hintLadder: jsonb('hint_ladder').$type<HintLadderState>(),
    /**
     * Since when a hint-ladder step is being answered (modules/conversations/ask.ts claims it with one
     * conditional UPDATE); null: no step running. A claim older than a few minutes is a crashed step's.
     */
    hintStepSince: timestamp('hint_step_since', { withTimezone: true }),
  },
  (t) => [
    index('conversations_guru_idx').on(t.guruId, t.startedAt),
    index('conversations_user_idx').on(t.userId, t.lastMessageAt),
    // The admin dashboard counts this month's sessions.
    index('conversations_started_idx').on(t.startedAt),
    // Insights: which courses have new questions since their last refresh (modules/insights/periodic.ts).
    index('conversations_course_last_idx').on(t.courseId, t.lastMessageAt),
    index('conversations_guru_last_idx').on(t.guruId, t.lastMessageAt),
    check('conversations_holder_check', sql`${t.userId} is not null or ${t.visitorTokenHash} is not null`),
  ],
);

/**
 * A message: the student's question ('user'), the guru's answer ('guru', with citations) or a person's reply
 * ('teacher' = the guru's owner side, 'user' = the student replying back). marked_wrong/correction record a
 * teacher's correction, which also becomes a guru FAQ entry.
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    citations: jsonb('citations').$type<Citation[]>().notNull().default([]),
    /** True when the local answerer found nothing relevant and said so. */
    notCovered: boolean('not_covered').notNull().default(false),
    markedWrong: boolean('marked_wrong').notNull().default(false),
    correction: text('correction'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt),
    // The guru's answers of a session (insights read them per course): half the entries, no student rows fetched.
    index('conversation_messages_guru_answers_idx')
      .on(t.conversationId, t.createdAt)
      .where(sql`${t.role} = 'guru'`),
  ],
);

/** When each participant last read a conversation: unread markers and newChatIds come from this. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/**
 * A user's key for an outside service (SPEC §3 Integration: didApiKey, elevenLabsApiKey), AES-256-GCM
 * encrypted with a key derived from the app's secret; only the last four characters are ever shown.
 */
export const integrationKeys = pgTable(
  'integration_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'didApiKey' | 'elevenLabsApiKey' */
    keyName: text('key_name').notNull(),
    encrypted: text('encrypted').notNull(),
    lastFour: text('last_four').notNull(),
    description: text('description').notNull().default(''),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.keyName] })],
);
