import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cacheSegmentsOf } from '../modules/library/render-cache';
import { DEMO_DECKS, type DemoDeck, makeDeckPdf } from './demo-deck';
import type { SeedCall } from './demo-quiz';

export const DEMO_LIBRARY_TITLE = 'Polygons';
export const DEMO_LIBRARY_LESSON = 'Polygons';

/** Where the demo's rendered segments are kept between seeds (render-cache.ts): the OS's temporary folder. */
export const DEMO_RENDER_CACHE = path.join(os.tmpdir(), 'gurukul-demo-segments');

/** A lesson made from a demo deck: its course video, and where each slide starts in it (for quiz moments). */
export interface DeckLesson {
  id: string;
  title: string;
  libraryId: string;
  durationSeconds: number;
  /** Seconds from the start of the video to each slide, by the slide's heading. */
  slideStarts: Map<string, number>;
}

/** The first three slides of the Polygons deck: the sample PDF of the upload tests and journeys. */
export function makeDemoDeck(): Promise<Buffer> {
  const polygons = DEMO_DECKS.foundations.find((deck) => deck.title === DEMO_LIBRARY_LESSON) as DemoDeck;
  return makeDeckPdf({ title: polygons.title, slides: polygons.slides.slice(0, 3) });
}

/** multipart/form-data with a title field and one file, as the upload page sends it. */
function deckUpload(title: string, filename: string, bytes: Buffer) {
  const boundary = `----gurukul-seed-${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fileName = (title: string) => `${title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-')}.pdf`;

/** Uploads a deck as a course library, writes its narrations, picks the look and voice, and asks to generate. */
async function startLibrary(
  call: SeedCall,
  teacher: string,
  deck: DemoDeck,
  libraryIds: string[],
): Promise<string> {
  const created = await call('POST', '/api/course-libraries', teacher, {
    ...deckUpload(deck.title, fileName(deck.title), await makeDeckPdf(deck)),
  });
  const libraryId = created.id as string;
  libraryIds.push(libraryId);
  cacheSegmentsOf(libraryId, DEMO_RENDER_CACHE);
  const segments = created.segments as { id: string }[];
  await call('PUT', `/api/course-libraries/${libraryId}/segments`, teacher, {
    payload: {
      segments: segments.map((segment, index) => ({
        id: segment.id,
        description: deck.slides[index].narration,
      })),
    },
  });
  await call('PUT', `/api/course-libraries/${libraryId}`, teacher, {
    payload: {
      title: deck.title,
      voice: 'nova',
      fallbackVoice: 'alloy',
      avatarKind: 'none',
      avatarCorner: 'bottom-right',
      fontFamily: 'Lato',
      themeColor: 'indigo',
    },
  });
  await call('POST', `/api/course-libraries/${libraryId}/generate`, teacher);
  return libraryId;
}

async function waitUntilGenerated(call: SeedCall, teacher: string, libraryId: string, title: string) {
  for (let attempt = 0; ; attempt += 1) {
    const state = await call('GET', `/api/course-libraries/${libraryId}/generation`, teacher);
    if (state.status === 'ready') return;
    if (state.status === 'failed' || attempt >= 2400) {
      throw new Error(`The demo library "${title}" did not generate: ${String(state.error ?? state.status)}`);
    }
    await sleep(250);
  }
}

/**
 * The demo's lessons as a teacher makes them (README "Demo data"): each deck uploaded to a course library,
 * narrated in the library's voice, generated into a captioned video and added to the course, in order.
 * Rendered segments are kept by content in {@link DEMO_RENDER_CACHE}, so the next seed (another test
 * database, another first start) speaks and renders only what changed.
 */
export async function seedDeckLessons(
  call: SeedCall,
  teacher: string,
  courseId: string,
  decks: DemoDeck[],
  kind: 'lesson' | 'preview' = 'lesson',
): Promise<DeckLesson[]> {
  const libraryIds: string[] = [];
  try {
    for (const deck of decks) await startLibrary(call, teacher, deck, libraryIds);
    const lessons: DeckLesson[] = [];
    for (const [index, deck] of decks.entries()) {
      const libraryId = libraryIds[index];
      await waitUntilGenerated(call, teacher, libraryId, deck.title);
      const library = (await call('GET', `/api/course-libraries/${libraryId}`, teacher)) as {
        segments: { heading: string; durationSeconds: number | null }[];
      };
      const slideStarts = new Map<string, number>();
      let elapsed = 0;
      for (const segment of library.segments) {
        slideStarts.set(segment.heading, Math.floor(elapsed));
        elapsed += segment.durationSeconds ?? 0;
      }
      const video = await call('POST', `/api/courses/${courseId}/videos/from-library`, teacher, {
        payload: { title: deck.title, libraryId, kind },
      });
      lessons.push({
        id: video.id as string,
        title: deck.title,
        libraryId,
        durationSeconds: elapsed,
        slideStarts,
      });
    }
    return lessons;
  } finally {
    for (const libraryId of libraryIds) cacheSegmentsOf(libraryId, null);
  }
}

/** Waits until every video of the course is copied in and packaged (the course is submitted after that). */
export async function waitForCourseVideos(call: SeedCall, teacher: string, courseId: string): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const { videos } = (await call('GET', `/api/courses/${courseId}/videos`, teacher)) as {
      videos: { status: string }[];
    };
    if (videos.some((video) => video.status === 'failed')) throw new Error('A demo video failed to package');
    if (videos.every((video) => video.status === 'ready')) return;
    await sleep(500);
  }
  throw new Error('The demo videos were not packaged in time');
}
