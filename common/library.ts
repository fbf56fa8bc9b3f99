/**
 * Course library: the words both sides share (SPEC §2 /course-library-*, §3, §8 texts, §9 estimates).
 * See docs/decisions/014-course-library.md.
 */
import { creditsForSeconds, estimateVoiceSeconds } from './credits';

export const LIBRARY_MSG = {
  slideLimit: 'Slide limit exceeded',
  tooManySegments: 'A library can have at most {max} segments',
  lastSegment: 'You cannot delete all segments',
  generating: 'Video is generating',
  saving: 'Video is saving',
  generated: 'Course Library Generated Successfully',
  /** Followed by the lesson's title: 'Please Select Video For Lesson 2'. */
  selectVideoFor: 'Please Select Video For ',
  didCredits: 'You do not have enough DID credits to perform this action.',
  staticAvatar: 'Please upload your image to use static avatar.',
  voice: 'Please select a voice for your assistant.',
  fallbackVoice: 'Please select a fallback voice for your assistant.',
  invalidPdf: 'This file is not a PDF. Please upload your slides as a PDF.',
  noDidKey: 'Add your D-ID key on the Integrations page to use a D-ID avatar.',
  notFound: 'Course library not found',
  busy: 'This library is generating. Please wait for it to finish or cancel it first.',
  notReady: 'This library has no finished video yet. Generate it first.',
} as const;

/** Avatars of a library video: a still image in a corner, a D-ID talking head, or none. */
export const LIBRARY_AVATAR_KINDS = ['static', 'd_id', 'none'] as const;
export type LibraryAvatarKind = (typeof LIBRARY_AVATAR_KINDS)[number];
export const LIBRARY_AVATAR_LABELS: Record<LibraryAvatarKind, string> = {
  static: 'Static image',
  d_id: 'D-ID talking head',
  none: 'No avatar',
};

export const AVATAR_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type AvatarCorner = (typeof AVATAR_CORNERS)[number];
export const AVATAR_CORNER_LABELS: Record<AvatarCorner, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};

export const LIBRARY_STATUSES = ['draft', 'generating', 'ready', 'failed', 'cancelled'] as const;
export type LibraryStatus = (typeof LIBRARY_STATUSES)[number];

/** What a generating library is doing: speaking and rendering segments, then saving the lesson. */
export const LIBRARY_STAGES = ['render', 'saving'] as const;
export type LibraryStage = (typeof LIBRARY_STAGES)[number];

export const SEGMENT_STATUSES = ['pending', 'rendering', 'ready', 'failed'] as const;
export type SegmentStatus = (typeof SEGMENT_STATUSES)[number];

export const LIBRARY_LIMITS = {
  titleMax: 150,
  /** A narration longer than this is several slides' worth; split it. */
  narrationMax: 3000,
  /** Segments of one library whatever the plan says (a plan's slide limit is usually lower). */
  segmentsMax: 300,
  /** The uploaded deck. */
  uploadMaxBytes: 50 * 1024 * 1024,
  avatarImageMaxBytes: 5 * 1024 * 1024,
} as const;

/** Where one segment sits in the finished video (seconds from its start). */
export interface LibraryCue {
  segmentId: string;
  /** 1-based position of the segment in the video: the slide number a citation shows. */
  slide: number;
  /** The slide's title ('' or absent for none, and in cues made before titles were read apart). */
  heading?: string;
  text: string;
  startSeconds: number;
  endSeconds: number;
}

export interface SegmentEstimate {
  seconds: number;
  credits: number;
}

/** SPEC §9 for one narration: words / 2.5 × 1.1 seconds, credits = ceil(seconds / 15). */
export function estimateSegment(description: string): SegmentEstimate {
  const seconds = estimateVoiceSeconds(description);
  return { seconds, credits: creditsForSeconds(seconds) };
}

/** The library's total: seconds add up; credits are charged per segment (each is its own clip). */
export function estimateLibrary(descriptions: string[]): SegmentEstimate {
  return descriptions
    .map(estimateSegment)
    .reduce(
      (total, one) => ({ seconds: total.seconds + one.seconds, credits: total.credits + one.credits }),
      { seconds: 0, credits: 0 },
    );
}

/** 'Please Select Video For Lesson 2': the lesson still missing its library video. */
export const selectVideoFor = (lessonTitle: string) => `${LIBRARY_MSG.selectVideoFor}${lessonTitle}`;

/**
 * Said after an upload whose slides carry text no letter can be read from (issue 32 item 5): which slides, and
 * what to do. Their narration starts empty.
 */
export function unreadableSlidesMessage(slides: number[]): string {
  const which =
    slides.length === 1
      ? `slide ${slides[0]}`
      : `slides ${slides.slice(0, -1).join(', ')} and ${slides.at(-1)}`;
  return `The text of ${which} could not be read from this PDF: its font carries no letters, only shapes. Type the narration for ${slides.length === 1 ? 'it' : 'them'} in the wizard, or export the deck again with its fonts embedded and upload the new copy.`;
}
