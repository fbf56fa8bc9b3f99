/** One WebVTT cue: its time range in seconds and its text (tags removed). */
export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

/** A stretch of captions the guru can cite as one video moment. */
export interface CaptionPassage {
  start: number;
  end: number;
  text: string;
}

const TIMING = /^((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})/;

/** `01:02:03.500` or `02:03.500` → seconds. */
export function vttSeconds(stamp: string): number {
  const parts = stamp.replace(',', '.').split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Plain cue text: markup (`<v Speaker>`, `<b>`, timestamps) and entities a student would not read aloud. */
function cueText(lines: string[]): string {
  return lines
    .join(' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Parses WebVTT (what the course editor stores; SRT uploads are converted on upload) into cues. NOTE, STYLE
 * and REGION blocks and cue identifiers are skipped; cues without text are dropped.
 */
export function parseWebVtt(vtt: string): CaptionCue[] {
  const blocks = vtt
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  const cues: CaptionCue[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const timingIndex = lines.findIndex((line) => TIMING.test(line.trim()));
    if (timingIndex < 0 || timingIndex > 1) continue;
    const match = TIMING.exec(lines[timingIndex].trim());
    if (!match) continue;
    const text = cueText(lines.slice(timingIndex + 1));
    if (!text) continue;
    cues.push({ start: vttSeconds(match[1]), end: vttSeconds(match[2]), text });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/**
 * Groups cues into passages of about 30-45 seconds cut at sentence ends: a passage closes once it lasts
 * `minSeconds` and the cue ends a sentence; when the next cue would take it past `maxSeconds`, it closes
 * after its last cue that ends a sentence (the rest starts the next passage), or there when none does.
 * Short passages keep a question's answer close to the moment the video opens at; whole sentences keep a
 * cited passage readable and its moment on the sentence that starts it.
 */
export function groupCues(cues: CaptionCue[], minSeconds = 30, maxSeconds = 45): CaptionPassage[] {
  const passages: CaptionPassage[] = [];
  let current: CaptionCue[] = [];
  const close = (count = current.length) => {
    if (count === 0) return;
    const taken = current.slice(0, count);
    passages.push({
      start: taken[0].start,
      end: taken[taken.length - 1].end,
      text: taken.map((cue) => cue.text).join(' '),
    });
    current = current.slice(count);
  };
  const endsSentence = (cue: CaptionCue) => /[.!?]["')\]]?$/.test(cue.text);
  for (const cue of cues) {
    if (current.length > 0 && cue.end - current[0].start > maxSeconds) {
      const lastEnd = current.findLastIndex(endsSentence);
      close(lastEnd >= 0 ? lastEnd + 1 : current.length);
      // What was left over may itself be too long to take this cue.
      if (current.length > 0 && cue.end - current[0].start > maxSeconds) close();
    }
    current.push(cue);
    const length = cue.end - current[0].start;
    if (length >= minSeconds && endsSentence(cue)) close();
  }
  close();
  return passages;
}
