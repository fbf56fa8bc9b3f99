/**
 * An accepted meeting as an iCalendar file (RFC 5545) that calendar apps import: CRLF line endings, lines
 * folded at 75 octets without splitting a UTF-8 character, TEXT values escaped, times in UTC (no VTIMEZONE
 * needed). No ORGANIZER or ATTENDEE: they would hand each side the other's e-mail address (decision 032).
 */
export interface CalendarMeeting {
  id: string;
  /** The host of PUBLIC_URL: makes the UID globally unique and stable across downloads. */
  host: string;
  summary: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  link: string | null;
  /** DTSTAMP and LAST-MODIFIED: when the meeting was last changed. */
  updatedAt: Date;
}

/** 20260520T093000Z */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (§3.1): continuation lines start with one space, characters kept whole. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation line 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function meetingCalendar(meeting: CalendarMeeting): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Gurukul//Meeting requests//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:meeting-${meeting.id}@${meeting.host}`,
    `DTSTAMP:${icsUtc(meeting.updatedAt)}`,
    `LAST-MODIFIED:${icsUtc(meeting.updatedAt)}`,
    `DTSTART:${icsUtc(meeting.startsAt)}`,
    `DTEND:${icsUtc(meeting.endsAt)}`,
    `SUMMARY:${icsText(meeting.summary)}`,
    `DESCRIPTION:${icsText(meeting.description)}`,
    ...(meeting.link ? [`LOCATION:${icsText(meeting.link)}`, `URL:${meeting.link}`] : []),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
