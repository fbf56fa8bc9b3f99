import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LibraryCue } from '../../../common/library';
import { users } from './users';

/**
 * A course library: a slide deck (PDF) turned into a narrated video. Its owner (teacher, institute or
 * admin) edits the segments and the look in /course-library-wizard, then a pg-boss job renders it:
 * draft → generating → ready | failed | cancelled (editing a ready library keeps its last video until
 * the next generation). See docs/decisions/014-course-library.md.
 */
export const courseLibraries = pgTable(
  'course_libraries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The uploaded file's name, shown in the list (the deck itself is not kept: its slides are). */
    sourceName: text('source_name').notNull().default(''),
    /** Chosen by the teacher in the wizard (null until then: generation asks for it, SPEC's texts). */
    voice: text('voice'),
    fallbackVoice: text('fallback_voice'),
    /**
     * The narration's language code (common/languages.ts): chosen by the teacher, else the deck's script's at
     * upload; '' = each narration's own script decides. The local voices speak it (providers/tts/espeak.ts).
     */
    language: text('language').notNull().default(''),
    /** 'static' | 'd_id' | 'none' (LIBRARY_AVATAR_KINDS). */
    avatarKind: text('avatar_kind').notNull().default('none'),
    avatarImagePath: text('avatar_image_path'),
    /** 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right'. */
    avatarCorner: text('avatar_corner').notNull().default('bottom-right'),
    fontFamily: text('font_family').notNull().default('Lato'),
    /** A THEME_COLORS key. */
    themeColor: text('theme_color').notNull().default('blue'),
    /** 'draft' | 'generating' | 'ready' | 'failed' | 'cancelled' (LIBRARY_STATUSES). */
    status: text('status').notNull().default('draft'),
    /** 0–100 over the whole generation; per-segment states live on the segments. */
    progress: integer('progress').notNull().default(0),
    /** 'speech' | 'render' | 'saving' while generating (LIBRARY_STAGES), else null. */
    stage: text('stage'),
    error: text('error'),
    /**
     * Changes each time a generation is asked for; the job carries it and stops when it no longer
     * matches (cancelled, or superseded by a newer request), so two runs never write one library.
     */
    generationId: uuid('generation_id'),
    /** The finished lesson: MP4 (H.264 + AAC), HLS folder, WebVTT captions, poster. */
    videoPath: text('video_path'),
    hlsPath: text('hls_path'),
    captionsPath: text('captions_path'),
    posterPath: text('poster_path'),
    durationSeconds: real('duration_seconds'),
    /** Where each segment sits in the finished video (what guru training and captions use). */
    cues: jsonb('cues').$type<LibraryCue[]>(),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_libraries_owner_idx').on(t.ownerId)],
);

/**
 * One slide and its narration (SPEC §3: segments having description). `renderedHash` is the hash of every
 * input of the segment's last render (slide, narration, voice, look); generation renders again only the
 * segments whose hash changed, and a job resumed after a restart skips those already rendered.
 */
export const librarySegments = pgTable(
  'library_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => courseLibraries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The slide image (PNG) in storage; segments added in the wizard copy a slide or get a blank one. */
    slidePath: text('slide_path').notNull(),
    /** The page of the uploaded deck it came from; null for a segment added with a blank slide. */
    page: integer('page'),
    /** The slide's title as read from the deck ('' for none): searched and cited apart from the narration. */
    heading: text('heading').notNull().default(''),
    /** The narration (SPEC "description"), starting as the slide's text. */
    description: text('description').notNull().default(''),
    /** 'pending' | 'rendering' | 'ready' | 'failed' (SEGMENT_STATUSES) for the current generation. */
    status: text('status').notNull().default('pending'),
    renderedHash: text('rendered_hash'),
    videoPath: text('video_path'),
    durationSeconds: real('duration_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('library_segments_library_idx').on(t.libraryId, t.position)],
);
