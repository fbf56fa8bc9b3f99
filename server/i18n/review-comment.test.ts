import { describe, expect, it } from 'vitest';
import { composeReviewComment, itemLabel, storedLabelIn, storedReviewCommentIn } from './review-comment';

describe('a review comment stored in English, read in Hindi', () => {
  it('composes the English every rejection has always stored', () => {
    expect(itemLabel('lesson', 'Radians')).toBe('Lesson “Radians”');
    expect(itemLabel('info', '')).toBe('Course information');
    expect(composeReviewComment('Nearly.', [{ label: itemLabel('quiz', 'Q1'), comment: 'Fix 2.' }])).toBe(
      'Nearly.\n\nOn single items:\n• Quiz “Q1”: Fix 2.',
    );
    expect(composeReviewComment('Nearly.', [])).toBe('Nearly.');
  });

  it('reads each label and the heading back in Hindi, names and comments as written', () => {
    expect(storedLabelIn('Study material “Notes: part 1”', 'hi')).toBe('अध्ययन सामग्री “Notes: part 1”');
    expect(storedLabelIn('Preview video “A”', 'hi')).toBe('प्रीव्यू वीडियो “A”');
    expect(storedLabelIn('Something else', 'hi')).toBe('Something else');
    expect(storedLabelIn('Lesson “A”', 'en')).toBe('Lesson “A”');
    const stored = composeReviewComment('ठीक करें', [
      { label: itemLabel('faq', 'Why?'), comment: 'Answer: longer.' },
      { label: itemLabel('info', ''), comment: 'Two\nlines' },
    ]);
    expect(storedReviewCommentIn(stored, 'hi')).toBe(
      'ठीक करें\n\nअलग-अलग आइटम पर:\n• FAQ “Why?”: Answer: longer.\n• कोर्स की जानकारी: Two\nlines',
    );
  });

  it('leaves a comment without item comments, or one it cannot read, as stored', () => {
    expect(storedReviewCommentIn('Please add a quiz.', 'hi')).toBe('Please add a quiz.');
    const odd = 'Reason\n\nOn single items:\n• A label no template made: fix';
    expect(storedReviewCommentIn(odd, 'hi')).toBe(odd);
  });
});
