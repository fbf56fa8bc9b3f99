import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { mailText, type Say, sayTo } from '../../http/mail-text';
import { type InvoiceLine, lineDescription } from '../invoices/line-description';

/**
 * The billing e-mails, in one place so their wording stays consistent; each in its recipient's language
 * (decision 068), its texts under `mail.billing.*` in the catalogs.
 */

/**
 * "free trial" for a plan that is itself the trial ("Free Trial", "Trial"), else "free trial of Starter": never
 * "your free trial of Free Trial".
 */
export const isTrialPlanName = (planName: string) => /(?<!\p{L})trial(?!\p{L})/iu.test(planName);

/** "Your free trial" or "Your free trial of Starter", then what happened to it (the message's `when`). */
const trialSentence = (say: Say, planName: string, key: 'endsIn' | 'ended', days = 0) =>
  say(`mail.billing.trial.${key}`, { named: isTrialPlanName(planName) ? 'no' : 'yes', plan: planName, days });

async function recipient(app: App, userId: string) {
  return app.db.query.users.findFirst({ where: eq(users.id, userId) });
}

export async function sendTrialEndingEmail(app: App, userId: string, daysLeft: number, planName: string) {
  const user = await recipient(app, userId);
  if (!user) return;
  const say = sayTo(user);
  await app.mailer.send({
    to: user.email,
    subject: say('mail.billing.trialEnding.subject', { days: daysLeft }),
    text: mailText(say, user.fullName, [
      `${trialSentence(say, planName, 'endsIn', daysLeft)} ${say('mail.billing.trialEnding.choose')}\n${app.config.publicUrl}/plan`,
    ]),
  });
}

export async function sendEndedEmail(
  app: App,
  userId: string,
  details: { wasTrial: boolean; planName: string; nextPlanName: string | null },
) {
  const user = await recipient(app, userId);
  if (!user) return;
  const say = sayTo(user);
  const what = details.wasTrial
    ? trialSentence(say, details.planName, 'ended')
    : say('mail.billing.ended.subscription', { plan: details.planName });
  const next = details.nextPlanName
    ? say('mail.billing.ended.next', { plan: details.nextPlanName })
    : say('mail.billing.ended.choose');
  await app.mailer.send({
    to: user.email,
    subject: say(
      details.wasTrial ? 'mail.billing.ended.trialSubject' : 'mail.billing.ended.subscriptionSubject',
    ),
    text: mailText(say, user.fullName, [
      `${what} ${say('mail.billing.ended.kept')} ${next}\n${app.config.publicUrl}/information`,
    ]),
  });
}

/** For checkout: a receipt once a payment is verified (the invoice itself is in the account's invoices). */
export async function sendPaymentReceivedEmail(
  app: App,
  userId: string,
  payment: {
    /** The invoice's line, described in the recipient's language; none when the invoice could not be issued. */
    line: (InvoiceLine & { invoice: { periodStart: Date | null; periodEnd: Date | null } }) | null;
    amount: number;
    currency: string;
    invoiceNumber: string | null;
  },
) {
  const user = await recipient(app, userId);
  if (!user) return;
  const say = sayTo(user);
  const amount = new Intl.NumberFormat(say.intlLocale, {
    style: 'currency',
    currency: payment.currency,
  }).format(payment.amount);
  const invoice = payment.invoiceNumber
    ? `\n${say('mail.billing.payment.invoice', { number: payment.invoiceNumber })}`
    : '';
  await app.mailer.send({
    to: user.email,
    subject: say('mail.billing.payment.subject'),
    text: mailText(say, user.fullName, [
      say('mail.billing.payment.thanks'),
      `${payment.line ? `${lineDescription(payment.line, payment.line.invoice, say.locale)}\n` : ''}${say('mail.billing.payment.amount', { amount })}${invoice}`,
      say('mail.billing.payment.invoices', { link: `${app.config.publicUrl}/invoice` }),
    ]),
  });
}
