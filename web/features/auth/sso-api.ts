import type { SessionAnswer } from '../../../common/contracts/auth';
import type { SchoolSignIn, SsoLinkInput, SsoOptions } from '../../../common/contracts/sso';
import { api } from '../../app/api';

/** Single sign-on's calls (common/contracts/sso.ts). The browser legs are plain navigations to ssoStartUrl. */
export const ssoOptionsRequest = () => api<SsoOptions>('/sso/options', { handleUnauthorized: false });

export const schoolSignInRequest = (email: string) =>
  api<SchoolSignIn>('/sso/school', {
    method: 'POST',
    body: { email },
    handleUnauthorized: false,
    handleRateLimited: false,
  });

export const ssoLinkInfoRequest = (ticket: string) =>
  api<{ email: string }>('/sso/link-info', { method: 'POST', body: { ticket }, handleUnauthorized: false });

export const ssoSessionRequest = (ticket: string) =>
  api<SessionAnswer>('/sso/session', { method: 'POST', body: { ticket }, handleUnauthorized: false });

export const ssoLinkRequest = (input: SsoLinkInput) =>
  api<SessionAnswer>('/sso/link', {
    method: 'POST',
    body: input,
    handleUnauthorized: false,
    handleRateLimited: false,
  });

/** Where a "Continue with …" button sends the browser: the server's start, which redirects to the issuer. */
export const ssoStartUrl = (provider: string, remember: boolean) =>
  `/api/sso/start?${new URLSearchParams({ provider, remember: String(remember) })}`;

/** Whose session a ticket opens, asked before it replaces the session this browser holds. */
export const ssoTicketAccountRequest = (ticket: string) =>
  api<{ userId: string; fullName: string }>('/sso/ticket-account', {
    method: 'POST',
    body: { ticket },
    handleUnauthorized: false,
  });
