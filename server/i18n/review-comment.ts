import type { ReviewArea } from '../../common/contracts/approvals';
import type { Locale } from '../../common/i18n/locales';
import { translate } from '../http/locale';
import type { ServerKey } from './catalog';

/**
 * An admin's item comments name the item ("Lesson “Radians”") and are stored, with the rejection they belong
 * to, in English: the label in `course_review_items.label`, the whole in `courses.review_comment` ("reason\n\nOn
 * single items:\n• Lesson “Radians”: …"). Both are composed from the catalogs here, and read back in a reader's
 * language by the same templates (decision 070), so the item's own name, as the teacher wrote it, is kept.
 */
const LABELS: Record<ReviewArea, ServerKey> = {
  info: 'server.approvals.item.info',
  lesson: 'server.approvals.item.lesson',
  preview: 'server.approvals.item.preview',
  quiz: 'server.approvals.item.quiz',
  faq: 'server.approvals.item.faq',
  material: 'server.approvals.item.material',
};
const AREAS = Object.keys(LABELS) as ReviewArea[];

/** An item's label in `locale`: Course information, or its area and name. */
export function itemLabel(area: ReviewArea, name: string, locale: Locale = 'en'): string {
  return translate(locale, LABELS[area], { name });
}

/** The English template of an area as a pattern that captures the name. */
const ENGLISH_LABELS = AREAS.map((area) => {
  const [before, after] = translate('en', LABELS[area], { name: '\u0000' }).split('\u0000');
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    area,
    pattern: new RegExp(
      after === undefined ? `^${literal(before)}` : `^${literal(before)}(.*)${literal(after)}`,
      'su',
    ),
  };
});

/** A stored English label in `locale`; a label no template made (written before them) stays as stored. */
export function storedLabelIn(label: string, locale: Locale): string {
  if (locale === 'en') return label;
  for (const { area, pattern } of ENGLISH_LABELS) {
    const match = pattern.exec(label);
    if (match && match[0].length === label.length) return itemLabel(area, match[1] ?? '', locale);
  }
  return label;
}

/** The review comment the teacher reads: the admin's reason, then each item comment under its label. */
export function composeReviewComment(
  reason: string,
  items: readonly { label: string; comment: string }[],
  locale: Locale = 'en',
): string {
  if (items.length === 0) return reason;
  const lines = items.map((item) => `• ${item.label}: ${item.comment}`);
  return `${reason}\n\n${translate(locale, 'server.approvals.onSingleItems')}\n${lines.join('\n')}`;
}

/**
 * A stored review comment in `locale`: the heading of its item comments and each item's label. The admin's own
 * words (the reason, each comment) stay as written.
 */
export function storedReviewCommentIn(text: string, locale: Locale): string {
  if (locale === 'en') return text;
  const heading = `\n\n${translate('en', 'server.approvals.onSingleItems')}\n`;
  const at = text.lastIndexOf(heading);
  if (at < 0) return text;
  const items = text
    .slice(at + heading.length)
    .split('\n• ')
    .map((line) => line.replace(/^• /u, ''));
  const read = items.map((line) => {
    for (const { pattern } of ENGLISH_LABELS) {
      const match = new RegExp(`${pattern.source}: `, pattern.flags).exec(line);
      if (match) {
        const label = match[0].slice(0, -2);
        return { label: storedLabelIn(label, locale), comment: line.slice(match[0].length) };
      }
    }
    return null;
  });
  if (read.some((item) => item === null)) return text;
  return composeReviewComment(text.slice(0, at), read as { label: string; comment: string }[], locale);
}
