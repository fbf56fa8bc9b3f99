import { Button, Card, PasswordInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ChangePasswordInput, SessionAnswer } from '../../../common/contracts/auth';
import { changePasswordSchema } from '../../../common/contracts/auth';
import { ApiError, api } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { connectSocket } from '../../app/socket';
import { writeSession } from '../../app/storage';
import { toast } from '../../app/toast';

export function ChangePasswordSection() {
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
      toast('success', 'Password changed. Other devices have been logged out.');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      else toast('danger', error instanceof Error ? error.message : 'Could not change the password');
    }
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="password-heading">
      <Title order={2} size="h4" id="password-heading" mb="sm">
        Change password
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            withAsterisk
            maw={360}
            {...form.getInputProps('currentPassword')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label="Confirm Password"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('confirmPassword')}
            />
          </SimpleGrid>
          <Button type="submit" loading={form.submitting} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
