import { Button, Card, Group, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import { requiredText } from '../../../common/contracts/fields';
import { commitValidation, zodValidate } from '../../app/forms';
import type { StoredSession } from '../../app/storage';
import { toast } from '../../app/toast';
import { useUpdateUserInfo } from '../../app/user-info';
import { useT } from './i18n';

const nameSchema = z.object({ fullName: requiredText(100) });

export function PersonalSection({ session }: { session: StoredSession }) {
  const update = useUpdateUserInfo(session.userId);
  const t = useT();
  const form = useForm({
    mode: 'controlled',
    initialValues: { fullName: session.fullName },
    validate: zodValidate(nameSchema),
    ...commitValidation(),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync({ fullName: values.fullName.trim() });
      form.resetDirty();
      toast('success', t('profile.personal.saved'));
    } catch (error) {
      toast('danger', error instanceof Error ? error.message : t('profile.personal.failed'));
    }
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="personal-heading">
      <Title order={2} size="h4" id="personal-heading" mb="sm">
        {t('profile.personal.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end">
          <TextInput
            label={t('profile.personal.fullName')}
            style={{ flex: 1, minWidth: 200 }}
            withAsterisk
            {...form.getInputProps('fullName')}
          />
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('profile.personal.save')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
