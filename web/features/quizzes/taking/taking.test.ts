import { describe, expect, it } from 'vitest';
import { formatClock } from '../../../../common/time';
import { lessonMomentPath } from './attempt-result';
import { secondsLeft } from './countdown';
import { formatAttempts } from './format';

describe('the quiz timer', () => {
  const deadline = '2026-01-01T10:30:00.000Z';

  it('counts on the server clock, not the device clock', () => {
    // The device is 10 minutes behind the server: 10:15 on the server is 10:05 on the device.
    const offset = Date.parse('2026-01-01T10:15:00.000Z') - Date.parse('2026-01-01T10:05:00.000Z');
    expect(secondsLeft(deadline, offset, Date.parse('2026-01-01T10:05:00.000Z'))).toBe(15 * 60);
    expect(secondsLeft(deadline, offset, Date.parse('2026-01-01T10:19:59.200Z'))).toBe(1);
  });

  it('never goes below zero once the deadline has passed', () => {
    expect(secondsLeft(deadline, 0, Date.parse('2026-01-01T11:00:00.000Z'))).toBe(0);
  });

  it('shows m:ss, and h:mm:ss from an hour on', () => {
    expect(formatClock(4)).toBe('0:04');
    expect(formatClock(125.9)).toBe('2:05');
    expect(formatClock(3600 + 61)).toBe('1:01:01');
    expect(formatClock(-3)).toBe('0:00');
  });
});

describe('quiz texts and links', () => {
  it('says when attempts are unlimited', () => {
    expect(formatAttempts(1, 3)).toBe('1 of 3');
    expect(formatAttempts(2, 0)).toBe('2 (unlimited)');
  });

  it('links a wrong answer to the lesson moment in the course player', () => {
    expect(lessonMomentPath('c1', 'v1', 95.7)).toBe('/subscribed-courses?courseId=c1&videoId=v1&t=95');
  });
});
