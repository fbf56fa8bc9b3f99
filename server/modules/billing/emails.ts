import { eq } from 'drizzle-orm';
import { countOf } from '../../../common/words';
import { users } from '../../db/schema/index';
import type { App } from '../../http/app-type';

/** The billing e-mails, in one place so their wording stays consistent. */

/**
 * "free trial" for a plan that is itself the trial ("Free Trial", "Trial"), else "free trial of Starter": never
 * "your free trial of Free Trial".
 */
export const trialOf = (planName: string) =>
  /(?<!\p{L})trial(?!\p{L})/iu.test(planName) ? 'free trial' : `free trial of ${planName}`;

async function recipient(app: App, userId: string) {
  return app.db.query.users.findFirst({ where: eq(users.id, userId) });
}

export async function sendTrialEndingEmail(app: App, userId: string, daysLeft: number, planName: string) {
  const user = await recipient(app, userId);
  if (!user) return;
  await app.mailer.send({
    to: user.email,
    subject: `Your free trial ends in ${countOf(daysLeft, 'day')}`,
    text: `Hello ${user.fullName},\n\nYour ${trialOf(planName)} ends in ${countOf(daysLeft, 'day')}. To keep using Gurukul without a break, choose a plan:\n${app.config.publicUrl}/plan\n\nGurukul`,
  });
}

export async function sendEndedEmail(
  app: App,
  userId: string,
  details: { wasTrial: boolean; planName: string; nextPlanName: string | null },
) {
  const user = await recipient(app, userId);
  if (!user) return;
  const what = details.wasTrial ? trialOf(details.planName) : `subscription to ${details.planName}`;
  const next = details.nextPlanName
    ? `You chose to move to ${details.nextPlanName}; pay for it to continue:`
    : 'Choose a plan to continue:';
  await app.mailer.send({
    to: user.email,
    subject: details.wasTrial ? 'Your free trial has ended' : 'Your subscription has ended',
    text: `Hello ${user.fullName},\n\nYour ${what} has ended. Your courses and data are kept. ${next}\n${app.config.publicUrl}/information\n\nGurukul`,
  });
}

/** For checkout: a receipt once a payment is verified (the invoice itself is in the account's invoices). */
export async function sendPaymentReceivedEmail(
  app: App,
  userId: string,
  payment: { description: string; amount: number; currency: string; invoiceNumber: string | null },
) {
  const user = await recipient(app, userId);
  if (!user) return;
  const amount = new Intl.NumberFormat('en', { style: 'currency', currency: payment.currency }).format(
    payment.amount,
  );
  const invoice = payment.invoiceNumber ? `\nInvoice: ${payment.invoiceNumber}` : '';
  await app.mailer.send({
    to: user.email,
    subject: 'Payment received',
    text: `Hello ${user.fullName},\n\nThank you, we received your payment.\n\n${payment.description}\nAmount: ${amount}${invoice}\n\nYour invoices: ${app.config.publicUrl}/invoice\n\nGurukul`,
  });
}
