import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { loginSchema } from '../../../common/contracts/auth';
import { zodValidate } from '../../app/forms';
import { type EmbedCaller, signInEmbedded } from './embed-api';
import { useT } from './i18n';

/** A student signs in inside the frame with their Gurukul account (the app's own login). */
export function EmbedSignIn({
  caller,
  reason,
  onSignedIn,
  onCancel,
}: {
  caller: EmbedCaller;
  reason: string | null;
  onSignedIn: (student: { token: string; fullName: string }) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: zodValidate(loginSchema),
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    try {
      onSignedIn(await signInEmbedded(caller, values));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('embed.signIn.failed'));
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('embed.signIn.label')}>
      <Stack gap="sm">
        <Text size="sm" c={reason ? undefined : 'dimmed'}>
          {reason ?? t('embed.signIn.prompt')}
        </Text>
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
        {failure && (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        )}
        <Button type="submit" loading={busy}>
          {t('embed.signIn.submit')}
        </Button>
        {onCancel && (
          <Button variant="subtle" onClick={onCancel}>
            {t('embed.signIn.back')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
