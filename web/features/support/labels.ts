import type { TicketCategory, TicketPriority, TicketStatus } from '../../../common/contracts/support';
import type { UserType } from '../../../common/roles';
import type { useT } from './i18n';

type T = ReturnType<typeof useT>;

/**
 * A ticket's status, priority and category in the interface's language: the words of TICKET_*_LABELS
 * (common/contracts/support.ts), keyed here as support.status.*, support.priority.*, support.category.*.
 */
export const statusLabel = (t: T, status: TicketStatus) => t(`support.status.${status}`);
export const priorityLabel = (t: T, priority: TicketPriority) => t(`support.priority.${priority}`);
export const categoryLabel = (t: T, category: TicketCategory) => t(`support.category.${category}`);

/** A role's name (ROLE_LABELS, through the core's role.* keys). */
export const roleLabel = (t: T, userType: UserType) => t(`role.${userType}`);
