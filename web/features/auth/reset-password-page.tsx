import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { requestResetSchema, resetPasswordSchema } from '../../../common/contracts/auth';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { useT } from '../../app/i18n';
import { forgotPasswordRequest, resetPasswordRequest } from './api';
import { AuthCard } from './auth-card';

function RequestLink() {
  const t = useT();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zodValidate(requestResetSchema),
    ...commitValidation(),
  });
  const submit = form.onSubmit(async (values) => {
    const answer = await forgotPasswordRequest(values.email).catch((error: Error) => ({
      message: error.message,
    }));
    setSent(answer.message);
  });
  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {sent && (
            <Alert color="green" role="status">
              {sent}
            </Alert>
          )}
          <TextInput
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={form.submitting}>
            {t('auth.reset.send')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.reset.back')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

function SetPassword({ token }: { token: string }) {
  const t = useT();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { token, newPassword: '', confirmPassword: '' },
    validate: zodValidate(resetPasswordSchema),
    ...commitValidation([], ['confirmPassword']),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await resetPasswordRequest(values);
      setResult({ ok: true, message: answer.message });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      setResult({ ok: false, message: error instanceof Error ? error.message : t('auth.reset.failed') });
    }
  });
  return (
    <AuthCard title={t('auth.reset.chooseTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          )}
          {!result?.ok && (
            <>
              <PasswordInput
                label={t('auth.reset.newPassword')}
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('newPassword')}
              />
              <PasswordInput
                label={t('auth.reset.confirmPassword')}
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('confirmPassword')}
              />
              <Button type="submit" loading={form.submitting}>
                {t('auth.reset.save')}
              </Button>
            </>
          )}
          <Button component={Link} to="/login" variant={result?.ok ? 'filled' : 'subtle'}>
            {t('auth.signUp.goToLogin')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <SetPassword token={token} /> : <RequestLink />;
}
