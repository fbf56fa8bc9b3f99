import { eq } from 'drizzle-orm';
import {
  type SlaClock,
  type SupportSettings,
  TICKET_PRIORITIES,
  type TicketPriority,
} from '../../../common/contracts/support';
import { supportSettings } from '../../db/schema/index';
import type { App } from '../../http/app-type';

const HOUR_MS = 60 * 60 * 1000;

/** Used only if the settings row is missing (the migration inserts it). */
const FALLBACK: SupportSettings = {
  targets: {
    urgent: { firstResponseHours: 1, resolutionHours: 8 },
    high: { firstResponseHours: 4, resolutionHours: 24 },
    normal: { firstResponseHours: 8, resolutionHours: 72 },
    low: { firstResponseHours: 24, resolutionHours: 120 },
  },
};

export async function readSupportSettings(app: App): Promise<SupportSettings> {
  const row = await app.db.query.supportSettings.findFirst({ where: eq(supportSettings.id, 1) });
  return row ? { targets: { ...FALLBACK.targets, ...row.targets } } : FALLBACK;
}

export async function saveSupportSettings(app: App, settings: SupportSettings): Promise<SupportSettings> {
  await app.db
    .insert(supportSettings)
    .values({ id: 1, targets: settings.targets, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: supportSettings.id,
      set: { targets: settings.targets, updatedAt: new Date() },
    });
  return settings;
}

/** A target `hours` after `from`, met at `metAt` (or not yet): overdue once the clock passes it unmet or late. */
function clock(from: Date, hours: number, metAt: Date | null, now: number): SlaClock {
  const target = from.getTime() + hours * HOUR_MS;
  return {
    targetAt: new Date(target).toISOString(),
    metAt: metAt ? metAt.toISOString() : null,
    overdue: (metAt ? metAt.getTime() : now) > target,
  };
}

export function slaClocks(
  settings: SupportSettings,
  ticket: { priority: string; createdAt: Date; firstResponseAt: Date | null; resolvedAt: Date | null },
  now = Date.now(),
): { firstResponse: SlaClock; resolution: SlaClock } {
  const priority = (TICKET_PRIORITIES as readonly string[]).includes(ticket.priority)
    ? (ticket.priority as TicketPriority)
    : 'normal';
  const target = settings.targets[priority];
  return {
    firstResponse: clock(ticket.createdAt, target.firstResponseHours, ticket.firstResponseAt, now),
    resolution: clock(ticket.createdAt, target.resolutionHours, ticket.resolvedAt, now),
  };
}
