import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  MEETING_MSG,
  meetingDeclineSchema,
  meetingProposalSchema,
  meetingRequestSchema,
  meetingTimeSchema,
  myMeetingsQuerySchema,
  receivedMeetingsQuerySchema,
} from '../../../common/contracts/meetings';
import { actorOf } from '../../http/access';
import { meetingCalendar } from './ics';
import {
  acceptMeeting,
  calendarMeeting,
  cancelMeeting,
  confirmMeeting,
  declineMeeting,
  myMeetings,
  proposeMeeting,
  receivedMeetings,
  requestMeeting,
} from './service';

/** Learners ask; the course owner's side (teachers, institutes) answers. Both may download the calendar file. */
const learners = { access: rolesWith('learn') } as const;
const teachers = { access: rolesWith('teach') } as const;
const eitherSide = [...new Set([...rolesWith('learn'), ...rolesWith('teach')])];
const parties = { access: eitherSide } as const;
const meetingParams = z.object({ meetingId: z.uuid({ error: MEETING_MSG.notFound }) });

/** Meeting requests between a learner and the teacher of a subscribed course (decision 032). */
export const meetingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/meetings',
    { config: learners, schema: { body: meetingRequestSchema } },
    async (request, reply) => {
      const view = await requestMeeting(app, actorOf(request), request.body);
      return reply.status(201).send(view);
    },
  );

  app.get(
    '/api/meetings/mine',
    { config: learners, schema: { querystring: myMeetingsQuerySchema } },
    async (request) => myMeetings(app, actorOf(request), request.query.courseId),
  );

  app.get(
    '/api/meetings/received',
    { config: teachers, schema: { querystring: receivedMeetingsQuerySchema } },
    async (request) => ({ requests: await receivedMeetings(app, actorOf(request), request.query.status) }),
  );

  app.post(
    '/api/meetings/:meetingId/accept',
    { config: teachers, schema: { params: meetingParams, body: meetingTimeSchema } },
    async (request) => acceptMeeting(app, actorOf(request), request.params.meetingId, request.body),
  );

  app.post(
    '/api/meetings/:meetingId/propose',
    { config: teachers, schema: { params: meetingParams, body: meetingProposalSchema } },
    async (request) => proposeMeeting(app, actorOf(request), request.params.meetingId, request.body),
  );

  app.post(
    '/api/meetings/:meetingId/decline',
    { config: teachers, schema: { params: meetingParams, body: meetingDeclineSchema } },
    async (request) => declineMeeting(app, actorOf(request), request.params.meetingId, request.body.reason),
  );

  app.post(
    '/api/meetings/:meetingId/confirm',
    { config: learners, schema: { params: meetingParams } },
    async (request) => confirmMeeting(app, actorOf(request), request.params.meetingId),
  );

  app.post(
    '/api/meetings/:meetingId/cancel',
    { config: learners, schema: { params: meetingParams } },
    async (request) => cancelMeeting(app, actorOf(request), request.params.meetingId),
  );

  app.get(
    '/api/meetings/:meetingId/calendar.ics',
    { config: parties, schema: { params: meetingParams } },
    async (request, reply) => {
      const meeting = await calendarMeeting(app, actorOf(request), request.params.meetingId);
      const day = meeting.startsAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="gurukul-meeting-${day}.ics"`)
        .header('cache-control', 'no-store')
        .send(meetingCalendar(meeting));
    },
  );
};
