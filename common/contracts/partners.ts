import { z } from 'zod';
import { fill } from '../i18n/message-template';
import { calendarDay } from './dates';

/**
 * The referral programme (issue 17, decision 034): partners share links, visits are counted, a sign-up keeps its
 * referrer for good, and each payment a referred customer makes earns the partner a commission under a rule the
 * admin sets. Paths:
 *
 *   GET  /r/:code                                  (anyone)   records a click, sets the attribution cookie, 302 to `to` or /
 *   POST /api/referrals/visit                      (anyone)   ReferralVisitInput → ReferralVisitResult (the `?ref=` form)
 *        (sign-up reads the signed attribution cookie; the body never names a referrer)
 *
 *   GET    /api/partner/links                      (refer)    → { links: ReferralLinkView[] }  (the main link first)
 *   POST   /api/partner/links                      (refer)    CampaignLinkInput → 201 ReferralLinkView
 *   PATCH  /api/partner/links/:linkId              (refer)    { archived: boolean } → ReferralLinkView (main link: 400)
 *   GET    /api/partner/report/summary?from=&to=   (refer)    → PartnerSummary
 *   GET    /api/partner/report/referred?status=&page=&pageSize=  (refer) → ReferredPage
 *   GET    /api/partner/report/commissions?status=&month=&page=&pageSize=  (refer) → CommissionPage
 *
 *   GET    /api/admin/partners/commission-rule     (administer) → CommissionRuleView (the default rule)
 *   PUT    /api/admin/partners/commission-rule     (administer) CommissionRuleInput → CommissionRuleView
 *   GET    /api/admin/partners/:partnerId/programme (administer) → PartnerProgramme
 *   PUT    /api/admin/partners/:partnerId/commission-rule  (administer) CommissionRuleInput → CommissionRuleView
 *   DELETE /api/admin/partners/:partnerId/commission-rule  (administer) → CommissionRuleView (back to the default)
 *   GET    /api/admin/partners/:partnerId/referred?…  and  /commissions?…  (administer) → the partner's pages
 *   POST   /api/admin/partners/:partnerId/payouts  (administer) PayoutInput → 201 PayoutView (marks the month's
 *          payable commissions paid, issues the numbered commission invoice; nothing payable → 409)
 *   GET    /api/admin/partners/balances            (administer) → { partners: PartnerBalanceRow[] } (for /partners)
 */

export const REFERRAL_COOKIE = 'gk_ref';

export const REFERRAL_LIMITS = {
  codeMin: 4,
  codeMax: 32,
  labelMax: 80,
  campaignsMax: 50,
  percentMax: 90,
  monthsMax: 120,
  holdDaysMax: 365,
  windowDaysMin: 1,
  windowDaysMax: 365,
  pageSizeMax: 100,
} as const;

export const REFERRAL_MSG = {
  unknownCode: 'This referral link is not valid',
  archivedCode: 'This referral link is no longer active',
  selfReferral: 'You cannot refer yourself',
  alreadyCustomer: 'Referral links are for new accounts; you already have one',
  mainLinkFixed: 'Your main referral link cannot be archived',
  tooManyCampaigns: `You can keep up to ${REFERRAL_LIMITS.campaignsMax} campaign links`,
  labelTaken: 'You already have a campaign link with this name',
  partnerNotFound: 'Partner not found',
  nothingPayable: 'There are no payable commissions for this month',
  badMonth: 'Please choose a month as YYYY-MM',
  futureMonth: 'A month can be paid out once it has ended',
  badDay: 'Please choose dates as YYYY-MM-DD',
  landingPath: 'The landing page must be a path on this site',
  campaignName: 'Please enter a name for the campaign',
  percentRange: 'Please enter a percentage from {min} to {max}',
  monthsRange: 'Please enter a number of months from {min} to {max}',
  daysRange: 'Please enter a number of days from {min} to {max}',
  wholeMonths: 'Please enter a number of months as a whole number',
  wholeDays: 'Please enter a number of days as a whole number',
} as const;

const code = z
  .string({ error: REFERRAL_MSG.unknownCode })
  .trim()
  .min(REFERRAL_LIMITS.codeMin, { error: REFERRAL_MSG.unknownCode })
  .max(REFERRAL_LIMITS.codeMax, { error: REFERRAL_MSG.unknownCode })
  .regex(/^[A-Za-z0-9_-]+$/, { error: REFERRAL_MSG.unknownCode });

/** POST /api/referrals/visit: the `?ref=<code>` form of a link, sent once by the web app. */
export const referralVisitSchema = z.object({
  code,
  /** The page the visitor landed on (path only), for the partner's campaign figures. */
  landing: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])/, { error: REFERRAL_MSG.landingPath })
    .optional(),
});
export type ReferralVisitInput = z.infer<typeof referralVisitSchema>;
export interface ReferralVisitResult {
  /** Whether the click now holds the attribution (last click wins). */
  attributed: boolean;
  /** When the attribution lapses unless a sign-up happens first. */
  expiresAt: string;
}

export const campaignLinkSchema = z.object({
  label: z.string().trim().min(1, { error: REFERRAL_MSG.campaignName }).max(REFERRAL_LIMITS.labelMax),
});
export type CampaignLinkInput = z.infer<typeof campaignLinkSchema>;
export const linkArchiveSchema = z.object({ archived: z.boolean() });

export interface ReferralLinkView {
  id: string;
  code: string;
  /** null for the partner's main link. */
  label: string | null;
  /** Absolute URL built from PUBLIC_URL: `${origin}/r/${code}`. */
  url: string;
  archived: boolean;
  clicks: number;
  signUps: number;
  createdAt: string;
}

export const COMMISSION_SCOPES = ['plans', 'courses', 'both'] as const;
export type CommissionScope = (typeof COMMISSION_SCOPES)[number];

/** A whole number (or, with `decimals`, any number) from `min` to `max`, with one message for every way to miss. */
const numberFrom = (min: number, max: number, range: string, whole?: string) => {
  const error = fill(range, { min, max });
  const number = z.number({ error }).min(min, { error }).max(max, { error });
  return whole === undefined ? number : number.int({ error: whole });
};

/** A rule: `percent` of each payment for the first `months` months of the customer (null: their lifetime). */
export const commissionRuleSchema = z.object({
  percent: numberFrom(0, REFERRAL_LIMITS.percentMax, REFERRAL_MSG.percentRange),
  months: numberFrom(
    1,
    REFERRAL_LIMITS.monthsMax,
    REFERRAL_MSG.monthsRange,
    REFERRAL_MSG.wholeMonths,
  ).nullable(),
  scope: z.enum(COMMISSION_SCOPES),
  /** Only these plans earn (empty: every plan); ignored when scope is 'courses'. */
  planIds: z.array(z.uuid()).max(50).default([]),
  holdDays: numberFrom(0, REFERRAL_LIMITS.holdDaysMax, REFERRAL_MSG.daysRange, REFERRAL_MSG.wholeDays),
  /** How long a click keeps the attribution in the browser (default rule only; per-partner rules inherit it). */
  windowDays: numberFrom(
    REFERRAL_LIMITS.windowDaysMin,
    REFERRAL_LIMITS.windowDaysMax,
    REFERRAL_MSG.daysRange,
    REFERRAL_MSG.wholeDays,
  ),
});
export type CommissionRuleInput = z.infer<typeof commissionRuleSchema>;
export interface CommissionRuleView extends CommissionRuleInput {
  /** true when the partner has no rule of their own and the default applies. */
  isDefault: boolean;
  updatedAt: string | null;
}

export const REFERRAL_STATUSES = ['signedUp', 'trial', 'paying', 'churned'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** One person the partner referred. Names are shown to the partner as first name and initial only. */
export interface ReferredPerson {
  id: string;
  displayName: string;
  role: 'teacher' | 'institute' | 'student';
  status: ReferralStatus;
  campaign: string | null;
  signedUpAt: string;
  firstPaidAt: string | null;
  churnedAt: string | null;
  /** Commission earned from this person so far, per currency. */
  earned: MoneyTotal[];
}

export interface MoneyTotal {
  currency: string;
  amount: number;
}

/** `refused`: a self-referral's payment (decision 055), listed with its reason and never paid. */
export const COMMISSION_STATUSES = ['pending', 'payable', 'paid', 'reversed', 'refused'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

export interface CommissionView {
  id: string;
  referredName: string;
  /** "Pro (teacher) — monthly" or the course title. */
  description: string;
  paymentAmount: number;
  percent: number;
  amount: number;
  currency: string;
  status: CommissionStatus;
  earnedAt: string;
  /** When a pending commission becomes payable (end of the hold period). */
  payableAt: string;
  paidAt: string | null;
  reversedAt: string | null;
  reversedReason: string | null;
  /** Why a refused commission is not owed ("Self-referral: …"). */
  refusedReason: string | null;
  invoiceNumber: string | null;
}

export interface CommissionMonth {
  month: string;
  currency: string;
  pending: number;
  payable: number;
  paid: number;
  reversed: number;
}

export interface PartnerSummary {
  clicks: number;
  signUps: number;
  paying: number;
  /** Ratios 0..1; null when the denominator is 0. */
  clickToSignUp: number | null;
  signUpToPaying: number | null;
  balances: { pending: MoneyTotal[]; payable: MoneyTotal[]; paid: MoneyTotal[] };
  /** One row per month (oldest first) for the chart. */
  series: { month: string; clicks: number; signUps: number; paying: number }[];
  months: CommissionMonth[];
  rule: CommissionRuleView;
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(REFERRAL_LIMITS.pageSizeMax).default(20),
});
export const referredQuerySchema = pageQuerySchema.extend({ status: z.enum(REFERRAL_STATUSES).optional() });
export const commissionQuerySchema = pageQuerySchema.extend({
  status: z.enum(COMMISSION_STATUSES).optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: REFERRAL_MSG.badMonth })
    .optional(),
});
/** GET /api/partner/report/summary: an optional range of days (inclusive) for clicks, sign-ups and paying. */
const reportDay = calendarDay(REFERRAL_MSG.badDay);
export const summaryQuerySchema = z.object({ from: reportDay.optional(), to: reportDay.optional() });
export interface ReferredPage {
  people: ReferredPerson[];
  total: number;
}
export interface CommissionPage {
  commissions: CommissionView[];
  total: number;
}

export const payoutSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: REFERRAL_MSG.badMonth }),
});
export type PayoutInput = z.infer<typeof payoutSchema>;
export interface PayoutView {
  id: string;
  month: string;
  currency: string;
  amount: number;
  commissionCount: number;
  invoiceId: string;
  invoiceNumber: string;
  paidAt: string;
  paidBy: string;
}

/** /view-partner: everything the admin needs about one partner's programme. */
export interface PartnerProgramme {
  partnerId: string;
  summary: PartnerSummary;
  links: ReferralLinkView[];
  payouts: PayoutView[];
}

export interface PartnerBalanceRow {
  partnerId: string;
  signUps: number;
  paying: number;
  payable: MoneyTotal[];
  pending: MoneyTotal[];
}
