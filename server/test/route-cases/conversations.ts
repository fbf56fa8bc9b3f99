import { AUTHOR_ROLES, casesFor, NO_SUCH_ID, type RouteCase, VIEWERS } from './types';

/** Conversation Management: students read their own, owners their gurus', admins all; only owners correct. */
export const CONVERSATIONS_ROUTES: RouteCase[] = [
  ...casesFor(VIEWERS, [
    ['GET', '/api/conversations', '/api/conversations?search=x%25&page=1&pageSize=5'],
    ['GET', '/api/conversations/unread', '/api/conversations/unread'],
    ['GET', '/api/conversations/:conversationId', `/api/conversations/${NO_SUCH_ID}`],
    [
      'POST',
      '/api/conversations/:conversationId/replies',
      `/api/conversations/${NO_SUCH_ID}/replies`,
      { message: 'Thanks!' },
    ],
  ]),
  ...casesFor(AUTHOR_ROLES, [
    [
      'POST',
      '/api/conversations/:conversationId/messages/:messageId/correction',
      `/api/conversations/${NO_SUCH_ID}/messages/${NO_SUCH_ID}/correction`,
      { answer: 'The right answer.' },
    ],
  ]),
];
