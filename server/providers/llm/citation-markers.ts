/**
 * The model cites passages by number ("… the longest side [1]." or "[2][3]" or "[1, 2]"); students must never
 * see or hear the markers. This strips them from the streamed text as it goes — holding back a "[" until it
 * is clear whether a marker follows — and remembers which numbers were cited, first mention first.
 */
const MARKER = /\s*\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
/** A "[" with this much after it and no "]" is text, not a marker. */
const LONGEST_MARKER = 16;

export class CitationMarkers {
  private held = '';
  readonly cited: number[] = [];

  /** The text of a delta that can be shown now. */
  push(delta: string): string {
    const text = this.held + delta;
    const open = text.lastIndexOf('[');
    const complete = open < 0 || text.indexOf(']', open) >= 0 || text.length - open > LONGEST_MARKER;
    const cut = complete ? text.length : open;
    // Trailing white space waits too: it may be the space before a marker, which goes with it.
    const end = cut - (/\s*$/.exec(text.slice(0, cut))?.[0].length ?? 0);
    this.held = text.slice(end);
    return this.strip(text.slice(0, end));
  }

  /** Whatever was held back, at the end of the stream. */
  flush(): string {
    const rest = this.held;
    this.held = '';
    return this.strip(rest);
  }

  private strip(text: string): string {
    return text.replace(MARKER, (_marker, numbers: string) => {
      for (const number of numbers.split(',').map((each) => Number(each.trim()))) {
        if (!this.cited.includes(number)) this.cited.push(number);
      }
      return '';
    });
  }
}
