import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { foldLine, icsText, icsUtc, meetingCalendar } from './ics';

const meeting = {
  id: '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f',
  host: 'gurukul.test',
  summary: 'Meeting: ज्यामिति की नींव — Foundations of Geometry, part one; with notes',
  description: 'Topic: a, b; c\\d\nLine two\r\nLine three',
  startsAt: new Date('2030-03-05T04:30:00.000Z'),
  endsAt: new Date('2030-03-05T05:15:00.000Z'),
  link: 'https://meet.example.com/abc-defg?pwd=a,b;c',
  updatedAt: new Date('2030-03-01T10:00:00.000Z'),
};

describe('the iCalendar text', () => {
  it('writes UTC times, escapes TEXT and folds at 75 octets without splitting a character', () => {
    expect(icsUtc(new Date('2030-03-05T04:30:00.123Z'))).toBe('20300305T043000Z');
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = `SUMMARY:${'ज'.repeat(40)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    // Unfolding gives the line back, character for character.
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('round-trips through ical.js: Unicode, commas and semicolons, line breaks and the link', () => {
    const text = meetingCalendar(meeting);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Gurukul//Meeting requests//EN');
    const vevent = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe(meeting.summary);
    expect(event.description).toBe('Topic: a, b; c\\d\nLine two\nLine three');
    expect(event.location).toBe(meeting.link);
    expect(vevent.getFirstPropertyValue('url')).toBe(meeting.link);
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-03-05T04:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2030-03-05T05:15:00.000Z');
    expect(event.duration.toSeconds()).toBe(45 * 60);
    expect(event.uid).toBe(`meeting-${meeting.id}@gurukul.test`);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('leaves out LOCATION and URL when there is no link', () => {
    const text = meetingCalendar({ ...meeting, link: null });
    expect(text).not.toMatch(/^(LOCATION|URL)/m);
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent') as ICAL.Component;
    expect(vevent.getFirstPropertyValue('url')).toBeNull();
  });
});
