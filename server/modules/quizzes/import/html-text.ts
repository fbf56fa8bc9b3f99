import { Parser } from 'htmlparser2';
import type { BankImage } from './types';

/**
 * A question's HTML (Moodle's format="html", QTI's itemBody, GIFT's [html]) reduced to what Gurukul's quiz shows:
 * plain text with its line breaks (prompts are drawn with white-space: pre-wrap), list items as "• ", table cells
 * apart, and the pictures it shows, in order. Scripts, styles, event handlers and links' targets are dropped, so
 * nothing a file carries can run in a student's browser: the text is text, and React escapes it.
 */
export interface ReducedHtml {
  text: string;
  images: BankImage[];
}

/** Elements that start a new line (and end one). */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'table',
  'tr',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'hr',
  'address',
]);
/** Elements whose content is never text a student should read. */
const HIDDEN = new Set([
  'script',
  'style',
  'head',
  'title',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
]);

export function reduceHtml(html: string): ReducedHtml {
  const images: BankImage[] = [];
  let text = '';
  let hiddenDepth = 0;
  let preDepth = 0;
  const newline = () => {
    if (text !== '' && !text.endsWith('\n')) text += '\n';
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (HIDDEN.has(name)) hiddenDepth += 1;
        if (hiddenDepth > 0) return;
        if (name === 'pre') preDepth += 1;
        if (name === 'br') text += '\n';
        else if (name === 'li') {
          newline();
          text += '• ';
        } else if (name === 'td' || name === 'th') {
          if (text !== '' && !text.endsWith('\n')) text += '\t';
        } else if (BLOCKS.has(name)) newline();
        if (name === 'img' && attrs.src)
          images.push({ name: attrs.src.trim(), alt: (attrs.alt ?? '').trim() });
      },
      ontext(value) {
        if (hiddenDepth > 0) return;
        // Outside <pre>, runs of spaces and line breaks in the source are one space, as a browser shows them.
        if (preDepth > 0) {
          text += value;
          return;
        }
        const collapsed = value.replace(/[\t\n\r\f ]+/g, ' ');
        // A space after a space (text on both sides of a picture) or at a line's start is not shown.
        text +=
          text === '' || text.endsWith(' ') || text.endsWith('\n') ? collapsed.replace(/^ /, '') : collapsed;
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) {
          hiddenDepth = Math.max(0, hiddenDepth - 1);
          return;
        }
        if (hiddenDepth > 0) return;
        if (name === 'pre') preDepth = Math.max(0, preDepth - 1);
        if (BLOCKS.has(name) || name === 'li') newline();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return { text: tidy(text), images };
}

/** Spaces at line ends and more than one empty line in a row go; a non-breaking space is a space. */
function tidy(text: string): string {
  return text
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/^ +| +$/g, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Plain text as the quiz shows it, from text a format gives as plain (Moodle's format="plain_text", Aiken). */
export const plainText = (value: string) => tidy(value.replace(/\r\n?/g, '\n'));
