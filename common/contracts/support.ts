import { z } from 'zod';
import { MSG } from '../messages';
import type { UserType } from '../roles';
import { requiredText } from './fields';

/**
 * Help and support (issue 16, decision 031). Paths:
 *
 *   GET    /api/support/tickets                      (get-help) → TicketList of my own
 *   POST   /api/support/tickets                      (get-help) NewTicket → TicketDetail
 *   GET    /api/support/tickets/:ticketId            (get-help, requester) → TicketDetail (no notes); marks it read
 *   POST   /api/support/tickets/:ticketId/replies    (get-help, requester) ReplyInput → TicketDetail
 *   POST   /api/support/tickets/:ticketId/rating     (get-help, requester, resolved) { rating } → TicketDetail
 *   GET    /api/support/unread                       (get-help) → { newHelpIds }
 *   POST   /api/support/attachments                  (get-help) multipart, one file → AttachmentView
 *   DELETE /api/support/attachments/:attachmentId    (get-help, owner, not yet sent)
 *   GET    /api/admin/support/tickets                (admin) DeskQuery → DeskList
 *   GET    /api/admin/support/tickets/:ticketId      (admin) → DeskTicket (notes, events, requester, SLA)
 *   POST   /api/admin/support/tickets/:ticketId/replies (admin) DeskReplyInput → DeskTicket; help-reply to requester
 *   POST   /api/admin/support/tickets/:ticketId/notes   (admin) { message } → DeskTicket
 *   PATCH  /api/admin/support/tickets/:ticketId      (admin) TicketUpdate → DeskTicket
 *   GET    /api/admin/support/summary                (admin) → DeskSummary (open count for the navigation)
 *   GET    /api/admin/support/canned-replies         (admin) → { replies: CannedReply[] }
 *   POST   /api/admin/support/canned-replies         (admin) CannedReplyInput → CannedReply
 *   PUT    /api/admin/support/canned-replies/:replyId (admin) CannedReplyInput → CannedReply
 *   DELETE /api/admin/support/canned-replies/:replyId (admin)
 *   GET    /api/admin/support/settings               (admin) → SupportSettings
 *   PUT    /api/admin/support/settings               (admin) SupportSettings → SupportSettings
 *
 * Socket events: `help-reply` (SPEC §3) to the requester when support replies; `support-ticket` to admins when a
 * ticket is opened or its requester writes (the queue refreshes). Internal notes are in neither.
 */

export const TICKET_STATUSES = ['open', 'inReview', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_CATEGORIES = ['billing', 'course', 'guru', 'technical', 'account', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  inReview: 'In review',
  resolved: 'Resolved',
};
export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  billing: 'Billing',
  course: 'Course content',
  guru: 'Guru',
  technical: 'Technical',
  account: 'Account',
  other: 'Other',
};
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

export const SUPPORT_LIMITS = {
  subjectMax: 150,
  messageMax: 5000,
  attachmentsPerMessage: 5,
  /** Images, PDFs and short videos; a screen recording of a minute or two fits. */
  attachmentMaxBytes: 25 * 1024 * 1024,
  /** A resolved ticket reopens when its requester replies within this many days; later, a new ticket. */
  reopenDays: 14,
} as const;

export const SUPPORT_MSG = {
  created: 'Your ticket has been sent. We will reply here and by e-mail.',
  replySent: 'Reply sent',
  reopenTooLate: `This ticket was resolved more than ${SUPPORT_LIMITS.reopenDays} days ago. Please open a new ticket.`,
  notResolved: 'You can rate a ticket once it is resolved',
  ticketNotFound: 'Ticket not found',
  attachmentNotFound: 'Attachment not found',
  attachmentSent: 'This attachment is already part of a message',
  tooManyAttachments: `Please attach at most ${SUPPORT_LIMITS.attachmentsPerMessage} files`,
  rating: 'Please choose a rating',
  assigneeNotFound: 'Assignee not found',
  nothingToChange: 'Nothing to change',
  quarterHour: 'At least a quarter of an hour',
  resolutionBeforeResponse: 'Resolution cannot be due before the first response',
} as const;

const message = requiredText(SUPPORT_LIMITS.messageMax);
const attachmentIds = z
  .array(z.uuid({ error: SUPPORT_MSG.attachmentNotFound }))
  .max(SUPPORT_LIMITS.attachmentsPerMessage, SUPPORT_MSG.tooManyAttachments)
  .default([]);
const search = z.string().trim().max(100).optional();
const pagination = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

export const newTicketSchema = z.object({
  subject: requiredText(SUPPORT_LIMITS.subjectMax),
  category: z.enum(TICKET_CATEGORIES, { error: MSG.selectOption }),
  priority: z.enum(TICKET_PRIORITIES, { error: MSG.selectOption }).default('normal'),
  message,
  attachmentIds,
  /** Filled in by the page, not typed: where the user came from and their browser. */
  context: z
    .object({
      route: z.string().max(500).optional(),
      userAgent: z.string().max(500).optional(),
    })
    .default({}),
});
export type NewTicket = z.input<typeof newTicketSchema>;

export const replySchema = z.object({ message, attachmentIds });
export type ReplyInput = z.input<typeof replySchema>;

export const ratingSchema = z.object({
  rating: z.number({ error: SUPPORT_MSG.rating }).int().min(1, SUPPORT_MSG.rating).max(5),
});

export const myTicketsQuerySchema = z.object({
  search,
  status: z.enum(TICKET_STATUSES).optional(),
  ...pagination,
});

export const DESK_SORTS = ['waiting', 'newest', 'updated'] as const;
export type DeskSort = (typeof DESK_SORTS)[number];
/** Tickets older than this many days (since opened). */
export const DESK_AGES = ['1', '3', '7', '30'] as const;

export const deskQuerySchema = z.object({
  search,
  status: z.enum([...TICKET_STATUSES, 'unresolved']).default('unresolved'),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  category: z.enum(TICKET_CATEGORIES).optional(),
  role: z.enum(['teacher', 'institute', 'student', 'partner', 'developer']).optional(),
  /** An admin's id, 'me' or 'none' (unassigned). */
  assignee: z
    .union([z.literal('me'), z.literal('none'), z.uuid({ error: SUPPORT_MSG.assigneeNotFound })])
    .optional(),
  olderThanDays: z.enum(DESK_AGES).optional(),
  sort: z.enum(DESK_SORTS).default('waiting'),
  ...pagination,
});
export type DeskQuery = z.input<typeof deskQuerySchema>;

export const deskReplySchema = replySchema.extend({
  /** Reply and change the status in one go ("Reply and resolve"); unchanged when absent. */
  status: z.enum(TICKET_STATUSES).optional(),
});
export type DeskReplyInput = z.input<typeof deskReplySchema>;

export const noteSchema = z.object({ message });

export const ticketUpdateSchema = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    category: z.enum(TICKET_CATEGORIES).optional(),
    /** An admin's id, or null to unassign. */
    assigneeId: z.uuid({ error: SUPPORT_MSG.assigneeNotFound }).nullable().optional(),
  })
  .refine(
    (update) => Object.values(update).some((value) => value !== undefined),
    SUPPORT_MSG.nothingToChange,
  );
export type TicketUpdate = z.input<typeof ticketUpdateSchema>;

export const cannedReplySchema = z.object({
  title: requiredText(100),
  body: requiredText(SUPPORT_LIMITS.messageMax),
});
export type CannedReplyInput = z.input<typeof cannedReplySchema>;

const hours = z
  .number({ error: MSG.required })
  .min(0.25, SUPPORT_MSG.quarterHour)
  .max(24 * 60);
export const supportSettingsSchema = z.object({
  targets: z.object(
    Object.fromEntries(
      TICKET_PRIORITIES.map((priority) => [
        priority,
        z
          .object({ firstResponseHours: hours, resolutionHours: hours })
          .refine((target) => target.resolutionHours >= target.firstResponseHours, {
            error: SUPPORT_MSG.resolutionBeforeResponse,
            path: ['resolutionHours'],
          }),
      ]),
    ) as Record<
      TicketPriority,
      z.ZodObject<{ firstResponseHours: typeof hours; resolutionHours: typeof hours }>
    >,
  ),
});
export type SupportSettings = z.output<typeof supportSettingsSchema>;

export interface AttachmentView {
  id: string;
  name: string;
  contentType: string;
  category: 'IMAGE' | 'PDF' | 'VIDEO' | 'AUDIO' | 'OTHER';
  sizeBytes: number;
  /** A signed link, good for a while; only handed to people who may read the ticket. */
  url: string;
}

export interface TicketMessageView {
  id: string;
  kind: 'reply' | 'note' | 'event';
  /** Whether support wrote it (an admin), as opposed to the requester. */
  fromSupport: boolean;
  authorName: string | null;
  body: string;
  change: { field: string; from: string | null; to: string | null } | null;
  attachments: AttachmentView[];
  createdAt: string;
}

export interface TicketSummary {
  id: string;
  number: number;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  createdAt: string;
  lastMessageAt: string;
  /** A reply from support the requester has not opened yet. */
  unread: boolean;
}

export interface TicketList {
  rows: TicketSummary[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<TicketStatus, number>;
}

export interface TicketDetail extends TicketSummary {
  messages: TicketMessageView[];
  rating: number | null;
  resolvedAt: string | null;
  /** Whether a reply now reopens it (resolved within the window), or it is open anyway. */
  canReply: boolean;
}

/** Targets against the clock: minutes used, the target, and whether it is past. Null when not applicable. */
export interface SlaClock {
  targetAt: string;
  metAt: string | null;
  overdue: boolean;
}

export interface DeskRow {
  id: string;
  number: number;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  requester: { id: string; fullName: string; email: string; userType: UserType };
  assignee: { id: string; fullName: string } | null;
  createdAt: string;
  lastMessageAt: string;
  /** Since when the requester has waited for support; null when support spoke last or it is resolved. */
  waitingSince: string | null;
  firstResponse: SlaClock;
  resolution: SlaClock;
}

export interface DeskList {
  rows: DeskRow[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<TicketStatus, number>;
}

export interface DeskTicket extends DeskRow {
  context: { route?: string; userAgent?: string };
  messages: TicketMessageView[];
  rating: number | null;
  resolvedAt: string | null;
  requesterSummary: {
    status: 'active' | 'deactivated';
    createdAt: string;
    lastLoginAt: string | null;
    planName: string | null;
    instituteName: string | null;
    otherTickets: { id: string; number: number; subject: string; status: TicketStatus }[];
    /** Whether "Log in as" may be offered (never for admins). */
    canLogInAs: boolean;
  };
  admins: { id: string; fullName: string }[];
}

export interface DeskSummary {
  open: number;
  unassigned: number;
  overdue: number;
}

export interface CannedReply {
  id: string;
  title: string;
  body: string;
  updatedAt: string;
}

/** SPEC §3 help-reply: the payload the requester's browser receives. */
export interface HelpReplyEvent {
  userId: string;
  _id: string;
  ticketId: string;
  message: string;
  user: { firstName: string; lastName: string };
}
