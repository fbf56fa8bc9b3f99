import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { can } from '../../../common/capabilities';
import { type LoginInput, loginSchema } from '../../../common/contracts/auth';
import { landingFor } from '../../../common/guard';
import { logout } from '../../app/account';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { readSession, SS, writeSession } from '../../app/storage';
import { loginRequest } from './api';
import { AuthCard } from './auth-card';

export default function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
      writeSession(answer, values.isRemember);
      queryClient.clear();
      const viaShare = shareToken && can(answer.userObj.userType, 'join-shared-course');
      const target = viaShare
        ? '/subscribed-courses'
        : landingFor({
            userType: answer.userObj.userType,
            trialEnded: answer.trialEnded,
            subscriptionEnded: answer.subscriptionEnded,
          });
      // The subscribed-courses page redeems the link's token and opens its course.
      if (viaShare) sessionStorage.setItem(SS.shareToken, shareToken);
      // Logging in from an institute's invitation goes back to it, to accept.
      const invitation = params.get('invitation');
      navigate(invitation ? `/invitation?token=${encodeURIComponent(invitation)}` : target, {
        replace: true,
      });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      setFailure(error instanceof Error ? error.message : 'Login failed');
    }
  });

  return (
    <AuthCard title="Log in" subtitle="Welcome back to Gurukul">
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" title="Could not log in">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" {...form.getInputProps('isRemember', { type: 'checkbox' })} />
            <Anchor component={Link} to="/reset-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={form.submitting} fullWidth>
            Log in
          </Button>
          <Text size="sm" ta="center">
            New to Gurukul?{' '}
            <Anchor
              component={Link}
              to={shareToken ? `/sign-up?shareToken=${encodeURIComponent(shareToken)}` : '/sign-up'}
            >
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
