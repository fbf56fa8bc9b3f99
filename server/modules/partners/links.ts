import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  type CampaignLinkInput,
  REFERRAL_LIMITS,
  REFERRAL_MSG,
  type ReferralLinkView,
} from '../../../common/contracts/partners';
import type { Db } from '../../db/client';
import { type ReferralLinkRow, referralClicks, referralLinks, referrals } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, notFound } from '../../http/errors';

/** 9 random bytes → 12 url-safe characters: unguessable, and nothing to do with any id. */
export function newLinkCode(): string {
  return randomBytes(9).toString('base64url');
}

/** Inserts a link with a fresh code, drawing again on the (vanishingly rare) clash of codes. */
async function insertLink(db: Db, values: { partnerId: string; label: string | null; isMain: boolean }) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await db
        .insert(referralLinks)
        .values({ ...values, code: newLinkCode() })
        .returning();
      return row;
    } catch (error) {
      const clash =
        isUniqueViolation(error) && String((error as { constraint?: string }).constraint).includes('code');
      if (!clash || attempt >= 3) throw error;
    }
  }
}

/** The partner's main link, made on first need; concurrent first calls end with the same one. */
export async function ensureMainLink(db: Db, partnerId: string): Promise<ReferralLinkRow> {
  const find = () =>
    db.query.referralLinks.findFirst({
      where: and(eq(referralLinks.partnerId, partnerId), eq(referralLinks.isMain, true)),
    });
  const existing = await find();
  if (existing) return existing;
  try {
    return await insertLink(db, { partnerId, label: null, isMain: true });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const made = await find();
    if (!made) throw error;
    return made;
  }
}

/** A link by the code in a URL, with whether it still takes clicks. */
export async function linkByCode(db: Db, code: string): Promise<ReferralLinkRow | undefined> {
  return db.query.referralLinks.findFirst({ where: eq(referralLinks.code, code) });
}

export function linkUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/r/${code}`;
}

function present(
  row: ReferralLinkRow,
  publicUrl: string,
  figures: { clicks: number; signUps: number },
): ReferralLinkView {
  return {
    id: row.id,
    code: row.code,
    label: row.isMain ? null : row.label,
    url: linkUrl(publicUrl, row.code),
    archived: row.archivedAt !== null,
    clicks: figures.clicks,
    signUps: figures.signUps,
    createdAt: row.createdAt.toISOString(),
  };
}

async function figuresOf(db: Db, partnerId: string) {
  const clicks = await db
    .select({ linkId: referralClicks.linkId, n: count() })
    .from(referralClicks)
    .where(eq(referralClicks.partnerId, partnerId))
    .groupBy(referralClicks.linkId);
  const signUps = await db
    .select({ linkId: referrals.linkId, n: count() })
    .from(referrals)
    // A refused self-referral is no sign-up (decision 055).
    .where(and(eq(referrals.partnerId, partnerId), isNull(referrals.refusedReason)))
    .groupBy(referrals.linkId);
  const of = (rows: { linkId: string | null; n: number }[], id: string) =>
    rows.find((row) => row.linkId === id)?.n ?? 0;
  return (id: string) => ({ clicks: of(clicks, id), signUps: of(signUps, id) });
}

/** Every link of the partner, the main one first (made now if it is missing), then the newest campaigns. */
export async function listLinks(db: Db, partnerId: string, publicUrl: string): Promise<ReferralLinkView[]> {
  await ensureMainLink(db, partnerId);
  const rows = await db
    .select()
    .from(referralLinks)
    .where(eq(referralLinks.partnerId, partnerId))
    .orderBy(desc(referralLinks.isMain), desc(referralLinks.createdAt));
  const figures = await figuresOf(db, partnerId);
  return rows.map((row) => present(row, publicUrl, figures(row.id)));
}

export async function createCampaignLink(
  db: Db,
  partnerId: string,
  input: CampaignLinkInput,
  publicUrl: string,
): Promise<ReferralLinkView> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(referralLinks)
    .where(
      and(
        eq(referralLinks.partnerId, partnerId),
        eq(referralLinks.isMain, false),
        isNull(referralLinks.archivedAt),
      ),
    );
  if (n >= REFERRAL_LIMITS.campaignsMax) throw conflict(REFERRAL_MSG.tooManyCampaigns);
  const taken = await db.query.referralLinks.findFirst({
    where: and(
      eq(referralLinks.partnerId, partnerId),
      sql`lower(${referralLinks.label}) = ${input.label.toLowerCase()}`,
    ),
  });
  if (taken) throw conflict(REFERRAL_MSG.labelTaken, { label: REFERRAL_MSG.labelTaken });
  try {
    const row = await insertLink(db, { partnerId, label: input.label, isMain: false });
    return present(row, publicUrl, { clicks: 0, signUps: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(REFERRAL_MSG.labelTaken, { label: REFERRAL_MSG.labelTaken });
    throw error;
  }
}

/** Archives or restores one of the partner's own campaign links; anyone else's answers 404. */
export async function setLinkArchived(
  db: Db,
  partnerId: string,
  linkId: string,
  archived: boolean,
  publicUrl: string,
): Promise<ReferralLinkView> {
  const link = await db.query.referralLinks.findFirst({
    where: and(eq(referralLinks.id, linkId), eq(referralLinks.partnerId, partnerId)),
  });
  if (!link) throw notFound(REFERRAL_MSG.unknownCode);
  if (link.isMain) throw badRequest(REFERRAL_MSG.mainLinkFixed);
  const [row] = await db
    .update(referralLinks)
    .set({ archivedAt: archived ? (link.archivedAt ?? new Date()) : null })
    .where(eq(referralLinks.id, link.id))
    .returning();
  const figures = await figuresOf(db, partnerId);
  return present(row, publicUrl, figures(row.id));
}
