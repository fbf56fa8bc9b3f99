import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { can } from '../../../common/capabilities';
import { type LoginInput, loginSchema } from '../../../common/contracts/auth';
import { logout } from '../../app/account';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { useT } from '../../app/i18n';
import { readSession, SS } from '../../app/storage';
import { useTakenOver } from '../../app/taken-over';
import { loginRequest } from './api';
import { AuthCard } from './auth-card';
import { useEnterAccount } from './enter-account';
import { SsoChoice } from './sso-choice';

export default function LoginPage() {
  const takenOver = useTakenOver();
  const navigate = useNavigate();
  const t = useT();
  const enterAccount = useEnterAccount();
  const [params] = useSearchParams();
  const shareToken = params.get('shareToken') ?? undefined;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    mode: 'controlled',
    initialValues: { email: '', password: '', isRemember: false, shareToken },
    validate: zodValidate(loginSchema),
    ...commitValidation(),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await loginRequest(values);
      // Logging in through a share link replaces whoever was logged in in this browser.
      if (shareToken && readSession()) await logout();
      const home = await enterAccount(answer, values.isRemember ?? false);
      const viaShare = shareToken && can(answer.userObj.userType, 'join-shared-course');
      const target = viaShare ? '/subscribed-courses' : home;
      // The subscribed-courses page redeems the link's token and opens its course.
      if (viaShare) sessionStorage.setItem(SS.shareToken, shareToken);
      // Logging in from an institute's invitation goes back to it, to accept.
      const invitation = params.get('invitation');
      navigate(invitation ? `/invitation?token=${encodeURIComponent(invitation)}` : target, {
        replace: true,
      });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      setFailure(error instanceof Error ? error.message : t('auth.login.failedFallback'));
    }
  });

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" title={t('auth.login.failed')}>
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.field.password')}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Checkbox
              label={t('auth.login.remember')}
              {...form.getInputProps('isRemember', { type: 'checkbox' })}
            />
            <Anchor component={Link} to="/reset-password" size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          {/* Pressed before React has the page, the browser would send the form itself (decision 071). */}
          <Button type="submit" loading={form.submitting} disabled={!takenOver} fullWidth>
            {t('auth.login.title')}
          </Button>
          <SsoChoice
            email={form.values.email}
            remember={form.values.isRemember ?? false}
            onEmailProblem={(message) => {
              // Not a failed login: the earlier login's alert goes, the address's problem shows under it.
              setFailure(null);
              form.setFieldError('email', message);
            }}
          />
          <Text size="sm" ta="center">
            {t('auth.login.newHere')}{' '}
            <Anchor
              component={Link}
              to={shareToken ? `/sign-up?shareToken=${encodeURIComponent(shareToken)}` : '/sign-up'}
            >
              {t('auth.login.createAccount')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
