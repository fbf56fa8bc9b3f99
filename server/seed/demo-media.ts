import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** Escapes text for ffmpeg's drawtext filter. */
const drawtextSafe = (text: string) => text.replace(/[\\:'%,]/g, (c) => `\\${c}`);

/**
 * A short "slide" video for the demo course: a coloured background with a title and a subtitle, and a
 * soft tone as the soundtrack, encoded with ffmpeg (no downloads).
 */
export async function makeSlideVideo(
  file: string,
  options: { title: string; subtitle: string; seconds: number; color: string },
) {
  const text = (value: string, size: number, y: string) =>
    `drawtext=fontfile=${FONT}:text='${drawtextSafe(value)}':fontcolor=white:fontsize=${size}:x=(w-text_w)/2:y=${y}`;
  await run('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${options.color}:size=1280x720:rate=25`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:sample_rate=44100',
    '-vf',
    `${text(options.title, 64, '(h/2)-80')},${text(options.subtitle, 36, '(h/2)+20')}`,
    '-af',
    'volume=0.05',
    '-t',
    String(options.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'stillimage',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
}

/** A small, valid one-page PDF with a few lines of text (hand-built, with a correct cross-reference table). */
export function makeStudyPdf(title: string, lines: string[]): Buffer {
  const pdfText = (value: string) => value.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT /F1 22 Tf 72 760 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 12 Tf',
    ...lines.flatMap((line) => ['0 -24 Td', `(${pdfText(line)}) Tj`]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}
