import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromProjectRoot } from '../paths';
import { parseBboxLayout, popplerPageLines } from './poppler-text';

const word = (text: string, left: number, right: number, top = 100) =>
  `<word xMin="${left}" yMin="${top}" xMax="${right}" yMax="${top + 20}">${text}</word>`;
const line = (words: string[], top = 100) =>
  `<line xMin="0" yMin="${top}" xMax="900" yMax="${top + 20}">${words.join('')}</line>`;
const page = (lines: string[]) =>
  `<page width="720" height="405"><flow><block>${lines.join('')}</block></flow></page>`;

describe('parseBboxLayout', () => {
  it('joins an Indic word pdftotext split at a gap narrower than the line’s spaces', () => {
    // "8 मिनट 20 सेकंड लेता": spaces are 4.68 pt; "सेकं|ड" was split at 3.98 pt.
    const xhtml = page([
      line([
        word('8', 0, 10),
        word('मिनट', 14.68, 40),
        word('20', 44.68, 60),
        word('सेकं', 64.68, 86),
        word('ड', 89.98, 100),
        word('लेता', 104.68, 130),
      ]),
    ]);
    expect(parseBboxLayout(xhtml, 'top-down')).toEqual([[{ text: '8 मिनट 20 सेकंड लेता', size: 20 }]]);
  });

  it('never joins Latin words, and unescapes what the XHTML escapes', () => {
    const xhtml = page([
      line([word('Tom', 0, 20), word('&amp;', 24.68, 30), word('Jerry', 33, 50), word('&lt;3', 54.68, 70)]),
    ]);
    expect(parseBboxLayout(xhtml, 'flow')[0][0].text).toBe('Tom & Jerry <3');
  });

  it('reads a slide top-down and a document in its flows', () => {
    const xhtml = page([line([word('body', 0, 20, 200)], 200), line([word('Title', 0, 20, 40)], 40)]);
    expect(parseBboxLayout(xhtml, 'top-down')[0].map((each) => each.text)).toEqual(['Title', 'body']);
    expect(parseBboxLayout(xhtml, 'flow')[0].map((each) => each.text)).toEqual(['body', 'Title']);
    expect(parseBboxLayout(`${xhtml}${page([])}`, 'flow')).toHaveLength(2);
  });

  it('runs pdftotext within the renderer’s memory cap: over it, nothing is read and the pdfjs text is used', async () => {
    const deck = readFileSync(fromProjectRoot('server/test/fixtures/hindi-deck/solar-system-hi.pdf'));
    const read = await popplerPageLines(deck, { timeoutMs: 30_000, memoryMb: 1024 });
    expect(read?.[1].map((line) => line.text).join(' ')).toContain('सूर्य एक तारा है');
    // 4 MB of address space cannot even load the program: the cap is applied.
    expect(await popplerPageLines(deck, { timeoutMs: 30_000, memoryMb: 4 })).toBeNull();
  });
});
