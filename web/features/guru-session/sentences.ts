/**
 * Cuts streamed text into finished sentences so each can be spoken while the rest is still being written.
 * A sentence ends at . ! ? … (with closing quotes or brackets) followed by white space, or at a blank line;
 * a single line break is a wrapped line, not an end. A full stop after a number ("3.5"), an initial or a
 * short abbreviation ("e.g.", "Dr.") does not end one. `flush` hands over the rest.
 */
const BOUNDARY = /[.!?…]+["')\]”’]*\s+|\n\s*\n/g;
/** Words that end in a full stop without ending the sentence. */
const ABBREVIATION = /(?:^|\s)(?:e\.g|i\.e|etc|vs|mr|mrs|ms|dr|prof|st|fig|no|approx|[A-Z])\.$/i;

export class SentenceSplitter {
  private pending = '';

  push(delta: string): string[] {
    this.pending += delta;
    const sentences: string[] = [];
    let start = 0;
    BOUNDARY.lastIndex = 0;
    for (let match = BOUNDARY.exec(this.pending); match; match = BOUNDARY.exec(this.pending)) {
      const end = match.index + match[0].length;
      const candidate = this.pending.slice(start, end).trim();
      if (ABBREVIATION.test(candidate)) continue;
      const sentence = spokenText(candidate);
      if (sentence) sentences.push(sentence);
      start = end;
    }
    this.pending = this.pending.slice(start);
    return sentences;
  }

  flush(): string[] {
    const rest = spokenText(this.pending);
    this.pending = '';
    return rest ? [rest] : [];
  }
}

/**
 * What is read aloud of a sentence: its words only. Citation markers ("[1]"), markdown emphasis, headings and
 * list signs, links and line breaks are text for the eye; the guru's voice never says them. A hint's gap
 * ("has ____ sides") is said as "blank".
 */
export function spokenText(sentence: string): string {
  return sentence
    .replace(/\s*\[\d{1,3}(?:\s*,\s*\d{1,3})*\]/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/_{3,}/g, 'blank')
    .replace(/[*_`#>]+/g, '')
    .replace(/^\s*(?:[-•]|\d+\.)\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}
