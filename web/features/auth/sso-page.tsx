import { Alert, Anchor, Button, Code, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LTI_FAILURES, type LtiFailure } from '../../../common/contracts/lti';
import { SSO_FAILURES, type SsoFailure } from '../../../common/contracts/sso';
import { landingFor } from '../../../common/guard';
import type { UserType } from '../../../common/roles';
import { ApiError } from '../../app/api';
import { launchFailure, ownPath } from '../../app/launch-landing';
import { readSession } from '../../app/storage';
import { AuthCard } from './auth-card';
import { useEnterAccount } from './enter-account';
import { useT } from './i18n';
import { ssoLinkInfoRequest, ssoLinkRequest, ssoSessionRequest, ssoTicketAccountRequest } from './sso-api';

/** What the server's callback put in the fragment (never sent to a server, cleared from the address at once). */
function readOutcome(): URLSearchParams {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  return fragment;
}

const FAILURES: readonly string[] = [...SSO_FAILURES, ...LTI_FAILURES];
const isFailure = (value: string | null): value is SsoFailure | LtiFailure =>
  value !== null && FAILURES.includes(value);

/** Where an LTI launch opens (a path of Gurukul, never another site), or null for the role's home. */
const launchTarget = (to: string | null): string | null => (to ? ownPath(to) : null);

/**
 * /sso: where single sign-on ends (decision 073). A ticket opens the session; an existing account with the same
 * e-mail asks for its password once; a refusal says why in words an IT admin can act on.
 */
export default function SsoPage() {
  const t = useT();
  const [outcome] = useState(readOutcome);
  const ticket = outcome.get('ticket');
  const link = outcome.get('link');
  const remember = outcome.get('remember') === 'true';
  const to = launchTarget(outcome.get('to'));
  const reason = outcome.get('error');
  const enterAccount = useEnterAccount();
  const navigate = useNavigate();
  // A launch whose ticket was refused as the app started (app/launch-landing.ts) shows why, and is not tried again.
  const [failure, setFailure] = useState<string | null>(launchFailure);
  const started = useRef(false);

  // The session this browser held before: a ticket for another account asks before it replaces it.
  const [current] = useState(readSession);
  const [switching, setSwitching] = useState<{ fullName: string } | null>(null);
  const fail = useCallback(
    (error: unknown) => setFailure(error instanceof Error ? error.message : t('auth.ssoPage.failedTitle')),
    [t],
  );
  const trade = useCallback(
    (ticketToTrade: string) =>
      ssoSessionRequest(ticketToTrade)
        .then(async (answer) => {
          const home = await enterAccount(answer, remember);
          navigate(to ?? home, { replace: true });
        })
        .catch(fail),
    [remember, to, enterAccount, navigate, fail],
  );

  useEffect(() => {
    if (!ticket || started.current || failure) return;
    started.current = true;
    if (!current) {
      void trade(ticket);
      return;
    }
    ssoTicketAccountRequest(ticket)
      .then((account) => {
        if (account.userId === current.userId) void trade(ticket);
        else setSwitching(account);
      })
      .catch(fail);
  }, [ticket, current, trade, fail, failure]);

  if (ticket && switching && current && !failure) {
    const stay = landingFor({
      userType: current.userType as UserType,
      trialEnded: current.trialEnded,
      subscriptionEnded: current.subscriptionEnded,
    });
    return (
      <AuthCard title={t('auth.ssoPage.switchTitle')}>
        <Stack>
          <Text>{t('auth.ssoPage.switchLead', { current: current.fullName, next: switching.fullName })}</Text>
          <Button
            onClick={() => {
              setSwitching(null);
              void trade(ticket);
            }}
          >
            {t('auth.ssoPage.switchContinue', { next: switching.fullName })}
          </Button>
          <Button variant="default" onClick={() => navigate(stay, { replace: true })}>
            {t('auth.ssoPage.switchStay', { current: current.fullName })}
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  if (ticket && !failure) {
    return (
      <AuthCard title={t('auth.ssoPage.signingIn')}>
        <Loader aria-label={t('auth.ssoPage.signingIn')} />
      </AuthCard>
    );
  }
  if (link && !failure) return <LinkAccount ticket={link} remember={remember} />;
  const known = isFailure(reason) ? reason : 'failed';
  return (
    <AuthCard title={t('auth.ssoPage.failedTitle')}>
      <Stack>
        <Alert color="red" role="alert">
          {failure ?? t(`auth.ssoPage.failure.${known}`)}
        </Alert>
        {!failure && (
          <Text size="sm" c="dimmed">
            {outcome.get('by') === 'platform'
              ? t('auth.ssoPage.forPlatformAdmin')
              : t('auth.ssoPage.forAdmin')}{' '}
            <Code>{known}</Code>
          </Text>
        )}
        <Button component={Link} to="/login">
          {t('auth.ssoPage.backToLogin')}
        </Button>
      </Stack>
    </AuthCard>
  );
}

/**
 * An account with this e-mail exists: its password, once, links the sign-in to it. The address shown is the
 * server's answer for the ticket, never text from the page's own address (which anyone can write into a link).
 */
function LinkAccount({ ticket, remember }: { ticket: string; remember: boolean }) {
  const t = useT();
  const [email, setEmail] = useState<string | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ssoLinkInfoRequest(ticket)
      .then((answer) => setEmail(answer.email))
      .catch((error: unknown) =>
        // An empty message reads as the failure's title where it shows (below): no `t` here, so a language switch
        // does not ask again.
        setExpired(error instanceof Error ? error.message : ''),
      );
  }, [ticket]);
  // The one thing to do here is type the password: the field has the focus once the page names the account.
  useEffect(() => {
    if (email) password.current?.focus();
  }, [email]);
  const enterAccount = useEnterAccount();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { password: '' } });
  const submit = form.onSubmit(async ({ password }) => {
    setFailure(null);
    if (!password) return form.setFieldError('password', t('auth.ssoPage.passwordNeeded'));
    try {
      const answer = await ssoLinkRequest({ ticket, password });
      navigate(await enterAccount(answer, remember), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fields.password) form.setErrors(error.fields);
      setFailure(error instanceof Error ? error.message : t('auth.login.failedFallback'));
    }
  });
  if (expired !== null) {
    return (
      <AuthCard title={t('auth.ssoPage.failedTitle')}>
        <Stack>
          <Alert color="red" role="alert">
            {expired || t('auth.ssoPage.failedTitle')}
          </Alert>
          <Button component={Link} to="/login">
            {t('auth.ssoPage.backToLogin')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  if (!email) {
    return (
      <AuthCard title={t('auth.ssoPage.linkTitle')}>
        <Loader aria-label={t('auth.ssoPage.linkTitle')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.ssoPage.linkTitle')} subtitle={t('auth.ssoPage.linkLead', { email })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <PasswordInput
            label={t('auth.field.password')}
            autoComplete="current-password"
            withAsterisk
            ref={password}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('auth.ssoPage.link')}
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            {t('auth.ssoPage.noPassword')}{' '}
            <Anchor component={Link} to="/reset-password" size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
