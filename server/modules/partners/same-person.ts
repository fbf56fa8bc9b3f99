import { createHmac } from 'node:crypto';
import { domainToASCII } from 'node:url';
import type { PaymentPayer } from '../../providers/payments/types';

/** Providers that ignore dots in the local part (and the one domain's other name). */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an e-mail address reaches, for telling one person apart from another (decision 055): Unicode
 * compatibility forms folded (NFKC: full-width "ｐａｒｔｎｅｒ" is "partner"), lower case, the domain in its ASCII
 * (IDNA) form without a trailing dot, plus-addressing stripped for every provider ("partner+self@" is "partner@"),
 * and dots dropped from the local part where the provider ignores them (gmail.com, googlemail.com → gmail.com).
 * Never used to send mail: only to compare.
 */
export function normaliseEmail(address: string): string {
  const folded = address.normalize('NFKC').trim().toLowerCase();
  const at = folded.lastIndexOf('@');
  if (at <= 0) return folded;
  let local = folded.slice(0, at);
  const rawDomain = folded.slice(at + 1).replace(/\.+$/, '');
  const domain = domainToASCII(rawDomain) || rawDomain;
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) return `${local.replaceAll('.', '')}@${dotless}`;
  return `${local}@${domain}`;
}

/** A phone number as its digits, the last ten of a longer one (so "+91 98765-43210" is "9876543210"). */
export function normaliseContact(contact: string): string {
  const digits = contact.normalize('NFKC').replace(/\D/g, '');
  return digits.length > 10 ? digits.slice(-10) : digits;
}

/** What a payment says about who paid: Razorpay's payment entity fields, or the paying account's e-mail. */
export type PayerIdentity = PaymentPayer;

/**
 * Keyed hashes of a payer's identity, one per field given ("email:…", "contact:…"): stored with a commission to
 * compare with later payments, never the address or number itself.
 */
export function payerKeys(secret: string, identity: PayerIdentity): string[] {
  const parts: [string, string][] = [];
  if (identity.email?.includes('@')) parts.push(['email', normaliseEmail(identity.email)]);
  const contact = identity.contact === null || identity.contact === undefined ? '' : String(identity.contact);
  if (normaliseContact(contact).length >= 6) parts.push(['contact', normaliseContact(contact)]);
  if (identity.vpa?.trim()) parts.push(['vpa', identity.vpa.normalize('NFKC').trim().toLowerCase()]);
  if (identity.customerId?.trim()) parts.push(['customer', identity.customerId.trim()]);
  if (identity.tokenId?.trim()) parts.push(['token', identity.tokenId.trim()]);
  const keys = parts.map(
    ([kind, value]) =>
      `${kind}:${createHmac('sha256', secret).update(`payer-identity\n${kind}\n${value}`).digest('base64url').slice(0, 32)}`,
  );
  return [...new Set(keys)];
}
