import { and, eq, isNull } from 'drizzle-orm';
import type {
  CommissionRuleInput,
  CommissionRuleView,
  CommissionScope,
} from '../../../common/contracts/partners';
import type { Db } from '../../db/client';
import { auditLog, type CommissionRuleRow, commissionRules } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { requirePartner } from './partners';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rule before an admin saves one: 20% for the first 12 months, 30 days' hold, a 60-day cookie. */
export const BUILT_IN_RULE: CommissionRuleInput = {
  percent: 20,
  months: 12,
  scope: 'both',
  planIds: [],
  holdDays: 30,
  windowDays: 60,
};

function ruleOf(row: CommissionRuleRow): CommissionRuleInput {
  return {
    percent: row.percent,
    months: row.months,
    scope: row.scope as CommissionScope,
    planIds: row.planIds,
    holdDays: row.holdDays,
    windowDays: row.windowDays,
  };
}

async function defaultRow(db: DbOrTx): Promise<CommissionRuleRow | undefined> {
  const [row] = await db.select().from(commissionRules).where(isNull(commissionRules.partnerId)).limit(1);
  return row;
}

/** The default rule as the admin set it (or the built-in one). */
export async function defaultRule(db: DbOrTx): Promise<CommissionRuleView> {
  const row = await defaultRow(db);
  return row
    ? { ...ruleOf(row), isDefault: true, updatedAt: row.updatedAt.toISOString() }
    : { ...BUILT_IN_RULE, isDefault: true, updatedAt: null };
}

/** The rule that applies to a partner: their own row, else the default. windowDays always comes from the default. */
export async function ruleFor(db: DbOrTx, partnerId: string): Promise<CommissionRuleView> {
  const fallback = await defaultRule(db);
  const [own] = await db
    .select()
    .from(commissionRules)
    .where(eq(commissionRules.partnerId, partnerId))
    .limit(1);
  if (!own) return fallback;
  return {
    ...ruleOf(own),
    windowDays: fallback.windowDays,
    isDefault: false,
    updatedAt: own.updatedAt.toISOString(),
  };
}

const auditActor = (actor: Actor) => actor.impersonatorId ?? actor.userId;

export async function saveDefaultRule(
  app: App,
  actor: Actor,
  input: CommissionRuleInput,
): Promise<CommissionRuleView> {
  const values = { ...input, updatedAt: new Date() };
  await app.db.transaction(async (tx) => {
    const existing = await defaultRow(tx);
    if (existing) await tx.update(commissionRules).set(values).where(eq(commissionRules.id, existing.id));
    else
      await tx
        .insert(commissionRules)
        .values({ ...values, partnerId: null })
        .onConflictDoNothing();
    await tx.insert(auditLog).values({
      actorId: auditActor(actor),
      action: 'set-default-commission-rule',
      targetId: null,
      details: input,
    });
  });
  return defaultRule(app.db);
}

export async function savePartnerRule(
  app: App,
  actor: Actor,
  partnerId: string,
  input: CommissionRuleInput,
): Promise<CommissionRuleView> {
  await requirePartner(app.db, partnerId);
  // A partner's rule never sets the attribution window (the cookie is read before anyone knows the partner).
  const { windowDays: _inherited, ...own } = input;
  const fallback = await defaultRule(app.db);
  const values = { ...own, windowDays: fallback.windowDays, updatedAt: new Date() };
  await app.db.transaction(async (tx) => {
    await tx
      .insert(commissionRules)
      .values({ ...values, partnerId })
      .onConflictDoUpdate({ target: commissionRules.partnerId, set: values });
    await tx.insert(auditLog).values({
      actorId: auditActor(actor),
      action: 'set-partner-commission-rule',
      targetId: partnerId,
      details: own,
    });
  });
  return ruleFor(app.db, partnerId);
}

export async function resetPartnerRule(
  app: App,
  actor: Actor,
  partnerId: string,
): Promise<CommissionRuleView> {
  await requirePartner(app.db, partnerId);
  await app.db.transaction(async (tx) => {
    const removed = await tx
      .delete(commissionRules)
      .where(and(eq(commissionRules.partnerId, partnerId)))
      .returning({ id: commissionRules.id });
    if (removed.length > 0)
      await tx.insert(auditLog).values({
        actorId: auditActor(actor),
        action: 'reset-partner-commission-rule',
        targetId: partnerId,
      });
  });
  return ruleFor(app.db, partnerId);
}
