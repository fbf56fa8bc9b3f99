/**
 * Cuts streamed text into finished sentences so each can be spoken while the rest is still being written.
 * A sentence ends at . ! ? (or a line break) followed by white space; `flush` hands over the rest.
 */
export class SentenceSplitter {
  private pending = '';

  push(delta: string): string[] {
    this.pending += delta;
    const sentences: string[] = [];
    const boundary = /[.!?…]+["')\]]*\s+|\n+/g;
    let start = 0;
    for (let match = boundary.exec(this.pending); match; match = boundary.exec(this.pending)) {
      const end = match.index + match[0].length;
      const sentence = this.pending.slice(start, end).trim();
      if (sentence) sentences.push(sentence);
      start = end;
    }
    this.pending = this.pending.slice(start);
    return sentences;
  }

  flush(): string[] {
    const rest = this.pending.trim();
    this.pending = '';
    return rest ? [rest] : [];
  }
}
