import { z } from 'zod';
import { FONTS } from '../fonts';
import { GURU_VOICES, type GuruVoice } from '../gurus';
import { fill } from '../i18n/message-template';
import { LANGUAGE_CODE_VALUES, type LanguageCode } from '../languages';
import {
  AVATAR_CORNERS,
  type AvatarCorner,
  LIBRARY_AVATAR_KINDS,
  LIBRARY_LIMITS,
  LIBRARY_MSG,
  type LibraryAvatarKind,
  type LibraryStage,
  type LibraryStatus,
  type SegmentEstimate,
  type SegmentStatus,
  selectVideoFor,
} from '../library';
import { atMostCharacters, MSG } from '../messages';
import { THEME_COLORS, type ThemeColorKey } from '../theme-colors';
import { requiredText } from './fields';

/**
 * The course library API's shapes (docs/decisions/014-course-library.md). Paths, all JSON unless noted.
 * Admins, institutes and teachers; a library is opened by its owner, the owner's institute, or an admin.
 *
 *   GET    /api/course-libraries                        → { libraries: LibrarySummary[], slideLimit: number|null }
 *   POST   /api/course-libraries   multipart: title, file (PDF; PPTX with LibreOffice)
 *                                                       → 201 LibraryDetail ('Slide limit exceeded', INVALID_PDF, …)
 *   GET    /api/course-libraries/:libraryId             → LibraryDetail
 *   PUT    /api/course-libraries/:libraryId  LibrarySettingsInput → LibraryDetail (voices may still be unset)
 *   DELETE /api/course-libraries/:libraryId             → 204 (a running generation stops)
 *   PUT    /api/course-libraries/:libraryId/segments  SegmentsInput → LibraryDetail (edit, reorder, add, delete;
 *                                                         an empty list: 'You cannot delete all segments')
 *   POST   /api/course-libraries/:libraryId/avatar-image  multipart image → LibraryDetail
 *   POST   /api/course-libraries/:libraryId/narration-sample  NarrationSampleInput → audio/wav | audio/mpeg
 *   POST   /api/course-libraries/:libraryId/generate    → 202 GenerationState (queues the job; refusals: voice,
 *                                                         static avatar image, D-ID key and credits, plan slide limit)
 *   POST   /api/course-libraries/:libraryId/cancel      → GenerationState
 *   GET    /api/course-libraries/:libraryId/generation  → GenerationState (also pushed live as 'library-progress')
 *   GET    /api/course-libraries/:libraryId/hls/:file   → the finished lesson's HLS playlist and segments
 *   GET    /api/course-libraries/ready                  → { libraries: ReadyLibrary[] } (for a course's videos step)
 *
 * In a course (the videos step):
 *   POST   /api/courses/:courseId/videos/from-library  FromLibraryInput → 201 course video (a copy, packaged
 *                                                         like an upload; 'Please Select Video For <title>')
 */

const optionalText = (max: number) =>
  z
    .string()
    .max(max, atMostCharacters(max))
    .transform((value) => value.trim())
    .default('');

const themeColorKeys = THEME_COLORS.map((color) => color.key) as [ThemeColorKey, ...ThemeColorKey[]];

export const librarySettingsSchema = z
  .object({
    title: requiredText(LIBRARY_LIMITS.titleMax),
    // Null or absent: not chosen yet, and the stored voice stays as it is. The look saves before the voices
    // are chosen; Generate asks for them (server/modules/library/generation-checks.ts, decision 062).
    voice: z.enum(GURU_VOICES, { error: LIBRARY_MSG.voice }).nullish(),
    fallbackVoice: z.enum(GURU_VOICES, { error: LIBRARY_MSG.fallbackVoice }).nullish(),
    // The narration's language: '' lets each narration's script decide; absent keeps the stored one.
    language: z.enum(['', ...LANGUAGE_CODE_VALUES], { error: MSG.selectOption }).optional(),
    avatarKind: z.enum(LIBRARY_AVATAR_KINDS, { error: MSG.selectOption }),
    avatarCorner: z.enum(AVATAR_CORNERS, { error: MSG.selectOption }),
    fontFamily: z.enum(FONTS, { error: MSG.selectOption }),
    themeColor: z.enum(themeColorKeys, { error: MSG.selectOption }),
  })
  .strict();
export type LibrarySettingsInput = z.input<typeof librarySettingsSchema>;

export const segmentInputSchema = z
  .object({
    /** An existing segment of this library; absent for a segment added in the wizard. */
    id: z.uuid().optional(),
    description: optionalText(LIBRARY_LIMITS.narrationMax),
    /** A new segment shows the slide of this segment of the library; absent: a blank slide. */
    copySlideOf: z.uuid().optional(),
  })
  .strict();
export const segmentsSchema = z.object({
  segments: z
    .array(segmentInputSchema)
    .min(1, LIBRARY_MSG.lastSegment)
    .max(LIBRARY_LIMITS.segmentsMax, fill(LIBRARY_MSG.tooManySegments, { max: LIBRARY_LIMITS.segmentsMax })),
});
export type SegmentInput = z.input<typeof segmentInputSchema>;
export type SegmentsInput = z.input<typeof segmentsSchema>;

export const narrationSampleSchema = z.object({
  text: requiredText(LIBRARY_LIMITS.narrationMax),
  /** Defaults to the library's voice; the wizard passes the voice being chosen. */
  voice: z.enum(GURU_VOICES).optional(),
});
export type NarrationSampleInput = z.input<typeof narrationSampleSchema>;

export const fromLibrarySchema = z
  .object({
    title: requiredText(150),
    libraryId: z.string().optional(),
    kind: z.enum(['lesson', 'preview']).default('lesson'),
  })
  .superRefine((value, context) => {
    if (!value.libraryId || !z.uuid().safeParse(value.libraryId).success) {
      context.addIssue({ code: 'custom', path: ['libraryId'], message: selectVideoFor(value.title) });
    }
  });
export type FromLibraryInput = z.input<typeof fromLibrarySchema>;

export interface SegmentView {
  id: string;
  position: number;
  /** The deck's page it came from; null for an added blank slide. */
  page: number | null;
  /** The slide's title read from the deck ('' for none); kept apart from the narration. */
  heading: string;
  description: string;
  slideUrl: string;
  status: SegmentStatus;
  /** Length in the last generated video; null until rendered. */
  durationSeconds: number | null;
  /** Whether generating now would render this segment again (new, or its narration or look changed). */
  changed: boolean;
  estimate: SegmentEstimate;
}

export interface LibrarySummary {
  id: string;
  title: string;
  sourceName: string;
  status: LibraryStatus;
  progress: number;
  stage: LibraryStage | null;
  error: string | null;
  segmentCount: number;
  durationSeconds: number | null;
  posterUrl: string | null;
  /** Segments that would be rendered by the next generation (0: the video is up to date). */
  changedSegments: number;
  generatedAt: string | null;
  updatedAt: string;
}

/** POST /api/course-libraries: the new library, and what its upload could not read (null when all was read). */
export interface CreatedLibrary extends LibraryDetail {
  /** unreadableSlidesMessage(…) when slides' text could not be read. */
  notice: string | null;
}

export interface LibraryDetail extends LibrarySummary {
  /** Null until the teacher chooses one: a new library never speaks in a voice nobody picked. */
  voice: GuruVoice | null;
  fallbackVoice: GuruVoice | null;
  /** The narration's language code; '' = each narration's script decides (common/languages.ts). */
  language: LanguageCode | '';
  avatarKind: LibraryAvatarKind;
  avatarImageUrl: string | null;
  avatarCorner: AvatarCorner;
  fontFamily: (typeof FONTS)[number];
  themeColor: ThemeColorKey;
  segments: SegmentView[];
  estimate: SegmentEstimate;
  playlistUrl: string | null;
  captionsUrl: string | null;
  /** The finished MP4 (signed link), for download. */
  videoUrl: string | null;
  /** The plan's slides per library (null: unlimited). */
  slideLimit: number | null;
}

export interface GenerationState {
  libraryId: string;
  status: LibraryStatus;
  progress: number;
  stage: LibraryStage | null;
  error: string | null;
  segments: { id: string; status: SegmentStatus }[];
}

export interface ReadyLibrary {
  id: string;
  title: string;
  durationSeconds: number;
  segmentCount: number;
  posterUrl: string | null;
}

/** GET /api/course-libraries: the actor's libraries and how many slides their plan lets one hold. */
export interface LibraryList {
  libraries: LibrarySummary[];
  slideLimit: number | null;
}
