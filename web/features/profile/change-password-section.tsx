import { Button, Card, PasswordInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ChangePasswordInput, SessionAnswer } from '../../../common/contracts/auth';
import { changePasswordSchema } from '../../../common/contracts/auth';
import { ApiError, api } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { connectSocket } from '../../app/socket';
import { writeSession } from '../../app/storage';
import { toast } from '../../app/toast';
import { useT } from './i18n';

export function ChangePasswordSection() {
  const t = useT();
  const form = useForm<ChangePasswordInput>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zodValidate(changePasswordSchema),
    ...commitValidation([], ['confirmPassword']),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await api<SessionAnswer>('/auth/change-password', { method: 'PUT', body: values });
      // Every other session ended on the server; this tab carries on with the fresh token.
      writeSession(answer);
      connectSocket({
        jwtToken: answer.jwtToken,
        userId: answer.userObj.userId,
        fullName: answer.userObj.fullName,
      });
      form.reset();
      toast('success', t('profile.password.changed'));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      else toast('danger', error instanceof Error ? error.message : t('profile.password.failed'));
    }
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="password-heading">
      <Title order={2} size="h4" id="password-heading" mb="sm">
        {t('profile.password.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={t('profile.password.current')}
            autoComplete="current-password"
            withAsterisk
            maw={360}
            {...form.getInputProps('currentPassword')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('profile.password.new')}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label={t('profile.password.confirm')}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('confirmPassword')}
            />
          </SimpleGrid>
          <Button type="submit" loading={form.submitting} w="fit-content">
            {t('profile.password.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
