import type { LoginInput, SessionAnswer, SignUpInput } from '../../../common/contracts/auth';
import { api } from '../../app/api';

type Message = { ok: true; message: string };

export const signUpRequest = (input: SignUpInput) =>
  api<Message>('/auth/sign-up', { method: 'POST', body: input, handleRateLimited: false });

export const loginRequest = (input: LoginInput) =>
  api<SessionAnswer>('/auth/login', {
    method: 'POST',
    body: input,
    handleUnauthorized: false,
    handleRateLimited: false,
  });

export const verifyEmailRequest = (token: string) =>
  api<Message>('/auth/verify-email', { method: 'POST', body: { token }, handleUnauthorized: false });

export const forgotPasswordRequest = (email: string) =>
  api<Message>('/auth/forgot-password', { method: 'POST', body: { email } });

export const resetPasswordRequest = (input: {
  token: string;
  newPassword: string;
  confirmPassword: string;
}) =>
  api<Message>('/auth/reset-password', {
    method: 'POST',
    body: input,
    handleUnauthorized: false,
    handleRateLimited: false,
  });

export const impersonateRequest = (input: { userId?: string; email?: string }) =>
  api<SessionAnswer>('/auth/impersonate', { method: 'POST', body: input });
