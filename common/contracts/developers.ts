import { z } from 'zod';

/** PUT /api/admin/developers/:userId/access */
export const developerAccessSchema = z.object({ granted: z.boolean() });

/** One developer account as the admin's list shows it. */
export interface DeveloperAccount {
  userId: string;
  fullName: string;
  email: string;
  signedUpAt: string;
  emailVerified: boolean;
  isActive: boolean;
  /** null while the developer waits for an admin. */
  accessGrantedAt: string | null;
}

/** GET /api/admin/developers */
export interface DeveloperList {
  developers: DeveloperAccount[];
}

/** GET /api/logs/outbox */
export interface OutboxAnswer {
  mailer: 'smtp' | 'outbox';
  /** Link tokens are hidden on a production start (NODE_ENV=production). */
  tokensMasked: boolean;
  messages: { id: number; to: string; subject: string; text: string; createdAt: string }[];
}
