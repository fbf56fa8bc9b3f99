import { rolesWith } from '../../../common/capabilities';
import { casesFor, LEARNERS, NO_SUCH_ID, type RouteCase, TEACHERS } from './types';

const HOUR_MS = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();
const time = { startsAt: inHours(48), durationMinutes: 30, meetingLink: 'https://meet.example.com/abc' };
/** Either side of a meeting may download its calendar file. */
const PARTIES = [...new Set([...rolesWith('learn'), ...rolesWith('teach')])];

/** Meeting requests: learners ask and answer proposals, the course owner's side answers, both get the .ics. */
export const MEETING_ROUTES: RouteCase[] = [
  ...casesFor(LEARNERS, [
    [
      'POST',
      '/api/meetings',
      '/api/meetings',
      { courseId: NO_SUCH_ID, topic: 'Triangles', windowStart: inHours(24), windowEnd: inHours(26) },
    ],
    ['GET', '/api/meetings/mine', `/api/meetings/mine?courseId=${NO_SUCH_ID}`],
    ['POST', '/api/meetings/:meetingId/confirm', `/api/meetings/${NO_SUCH_ID}/confirm`],
    ['POST', '/api/meetings/:meetingId/cancel', `/api/meetings/${NO_SUCH_ID}/cancel`],
  ]),
  ...casesFor(TEACHERS, [
    ['GET', '/api/meetings/received', '/api/meetings/received?status=all'],
    ['POST', '/api/meetings/:meetingId/accept', `/api/meetings/${NO_SUCH_ID}/accept`, time],
    ['POST', '/api/meetings/:meetingId/propose', `/api/meetings/${NO_SUCH_ID}/propose`, time],
    [
      'POST',
      '/api/meetings/:meetingId/decline',
      `/api/meetings/${NO_SUCH_ID}/decline`,
      { reason: 'Away that week' },
    ],
  ]),
  ...casesFor(PARTIES, [
    ['GET', '/api/meetings/:meetingId/calendar.ics', `/api/meetings/${NO_SUCH_ID}/calendar.ics`],
  ]),
];
