import { setTimeout as sleep } from 'node:timers/promises';
import { writePdf } from '../media/write-pdf';
import type { SeedCall } from './demo-quiz';

export const DEMO_LIBRARY_TITLE = 'Polygons';
export const DEMO_LIBRARY_LESSON = 'Polygons';

/** The demo deck: one slide per idea, each with the narration the teacher would write for it. */
const SLIDES = [
  {
    heading: 'Polygons',
    bullets: ['Closed shapes', 'Straight sides', 'Named by their sides'],
    narration:
      'A polygon is a closed shape made only of straight sides. We name a polygon by how many sides it has.',
  },
  {
    heading: 'Quadrilaterals',
    bullets: ['Four sides', 'Four angles', 'Angles add up to 360°'],
    narration: 'A quadrilateral has four sides, and its four angles always add up to 360 degrees.',
  },
  {
    heading: 'Regular hexagons',
    bullets: ['Six equal sides', 'Six equal angles', 'Each angle is 120°'],
    narration: 'A regular hexagon has six equal sides and six equal angles of 120 degrees each.',
  },
];

/** A 16:9 slide deck made with pdfkit, the kind of PDF a teacher exports from their slides. */
export function makeDemoDeck(): Promise<Buffer> {
  return writePdf({ size: [960, 540], margin: 40, autoFirstPage: false }, (doc) => {
    for (const slide of SLIDES) {
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(44).fillColor('#1a1b1e').text(slide.heading, 60, 60);
      doc.font('Helvetica').fontSize(26);
      for (const [line, text] of slide.bullets.entries()) doc.text(`- ${text}`, 80, 190 + line * 56);
      doc.polygon([760, 200], [860, 260], [840, 380], [700, 400], [660, 280]).fill('#4c6ef5');
    }
  });
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

/**
 * The demo course library of README.md: teacher@ uploads the Polygons deck, writes the narrations, picks a
 * voice, font and colour, and generates the video; it then becomes the fourth lesson of the demo course.
 * Made through the API like the rest of the demo. Returns the new lesson's video id.
 */
export async function seedDemoLibrary(call: SeedCall, teacher: string, courseId: string): Promise<string> {
  const created = await call('POST', '/api/course-libraries', teacher, {
    ...deckUpload(DEMO_LIBRARY_TITLE, 'polygons.pdf', await makeDemoDeck()),
  });
  const libraryId = created.id as string;
  const segments = created.segments as { id: string }[];
  await call('PUT', `/api/course-libraries/${libraryId}/segments`, teacher, {
    payload: {
      segments: segments.map((segment, index) => ({ id: segment.id, description: SLIDES[index].narration })),
    },
  });
  await call('PUT', `/api/course-libraries/${libraryId}`, teacher, {
    payload: {
      title: DEMO_LIBRARY_TITLE,
      voice: 'nova',
      fallbackVoice: 'alloy',
      avatarKind: 'none',
      avatarCorner: 'bottom-right',
      fontFamily: 'Lato',
      themeColor: 'indigo',
    },
  });
  await call('POST', `/api/course-libraries/${libraryId}/generate`, teacher);
  for (let attempt = 0; ; attempt += 1) {
    const state = await call('GET', `/api/course-libraries/${libraryId}/generation`, teacher);
    if (state.status === 'ready') break;
    if (state.status === 'failed' || attempt >= 600) {
      throw new Error(`The demo library did not generate: ${String(state.error ?? state.status)}`);
    }
    await sleep(250);
  }
  const video = await call('POST', `/api/courses/${courseId}/videos/from-library`, teacher, {
    payload: { title: DEMO_LIBRARY_LESSON, libraryId, kind: 'lesson' },
  });
  return video.id as string;
}
