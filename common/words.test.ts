import { describe, expect, it } from 'vitest';
import { countOf, formatCount, pluralOf } from './words';

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

describe('formatCount', () => {
  it('groups digits the en-US way whatever the runtime locale', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-2500)).toBe('-2,500');
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});

describe('pluralOf', () => {
  it('follows the English plural rules, not "=== 1"', () => {
    const days = pluralOf('day');
    expect(days(1)).toBe('day');
    expect(days(0)).toBe('days');
    expect(days(-1)).toBe('day');
    expect(days(1.5)).toBe('days');
    expect(pluralOf('question is', 'questions are')(1)).toBe('question is');
    expect(pluralOf('question is', 'questions are')(3)).toBe('questions are');
  });
});
