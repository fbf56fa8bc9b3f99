import { describe, expect, it } from 'vitest';
import { countOf, pluralOf } from './words';

describe('countOf', () => {
  it('takes the singular for one and the plural otherwise, with grouped digits', () => {
    expect(countOf(1, 'video')).toBe('1 video');
    expect(countOf(0, 'video')).toBe('0 videos');
    expect(countOf(2, 'day')).toBe('2 days');
    expect(countOf(2400, 'student')).toBe('2,400 students');
    expect(countOf(1.5, 'hour')).toBe('1.5 hours');
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'child', 'children')).toBe('1 child');
    expect(countOf(3, 'child', 'children')).toBe('3 children');
    expect(pluralOf('quiz', 'quizzes')(2)).toBe('quizzes');
  });
});
