import { rolesWith } from '../../../common/capabilities';
import { ADMINS, casesFor, NO_SUCH_ID, type RouteCase } from './types';

const HELPED = rolesWith('get-help');

/** Help: one's own tickets (every role), and the admin's desk. */
export const SUPPORT_ROUTES: RouteCase[] = [
  ...casesFor(HELPED, [
    ['GET', '/api/support/tickets', '/api/support/tickets?status=open&search=%25'],
    ['POST', '/api/support/tickets', '/api/support/tickets', { subject: ' ', category: 'nope', message: '' }],
    ['GET', '/api/support/tickets/:ticketId', `/api/support/tickets/${NO_SUCH_ID}`],
    [
      'POST',
      '/api/support/tickets/:ticketId/replies',
      `/api/support/tickets/${NO_SUCH_ID}/replies`,
      { message: 'Hi' },
    ],
    [
      'POST',
      '/api/support/tickets/:ticketId/rating',
      `/api/support/tickets/${NO_SUCH_ID}/rating`,
      { rating: 5 },
    ],
    ['GET', '/api/support/unread', '/api/support/unread'],
    ['POST', '/api/support/attachments', '/api/support/attachments'],
    ['DELETE', '/api/support/attachments/:attachmentId', `/api/support/attachments/${NO_SUCH_ID}`],
  ]),
  ...casesFor(ADMINS, [
    ['GET', '/api/admin/support/tickets', '/api/admin/support/tickets?status=unresolved&assignee=none'],
    ['GET', '/api/admin/support/summary', '/api/admin/support/summary'],
    ['GET', '/api/admin/support/tickets/:ticketId', `/api/admin/support/tickets/${NO_SUCH_ID}`],
    [
      'POST',
      '/api/admin/support/tickets/:ticketId/replies',
      `/api/admin/support/tickets/${NO_SUCH_ID}/replies`,
      { message: 'Hello' },
    ],
    [
      'POST',
      '/api/admin/support/tickets/:ticketId/notes',
      `/api/admin/support/tickets/${NO_SUCH_ID}/notes`,
      { message: 'Note' },
    ],
    [
      'PATCH',
      '/api/admin/support/tickets/:ticketId',
      `/api/admin/support/tickets/${NO_SUCH_ID}`,
      { status: 'resolved' },
    ],
    ['GET', '/api/admin/support/canned-replies', '/api/admin/support/canned-replies'],
    [
      'POST',
      '/api/admin/support/canned-replies',
      '/api/admin/support/canned-replies',
      { title: '', body: '' },
    ],
    [
      'PUT',
      '/api/admin/support/canned-replies/:replyId',
      `/api/admin/support/canned-replies/${NO_SUCH_ID}`,
      { title: 'T', body: 'B' },
    ],
    [
      'DELETE',
      '/api/admin/support/canned-replies/:replyId',
      `/api/admin/support/canned-replies/${NO_SUCH_ID}`,
    ],
    ['GET', '/api/admin/support/settings', '/api/admin/support/settings'],
    ['PUT', '/api/admin/support/settings', '/api/admin/support/settings', { targets: {} }],
  ]),
];
