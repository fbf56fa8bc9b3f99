import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import {
  type IntegrationInput,
  type IntegrationView,
  integrationSchema,
} from '../../../common/contracts/gurus';
import { ApiError } from '../../app/api';
import { serverFieldErrors, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useSaveIntegration } from './api';
import { useT } from './i18n';

/**
 * Adds or replaces one key. The server checks it with the service before saving; a refused key shows the
 * refusal under the field and is not saved, so the key saved before stays in use.
 */
export function KeyForm({ integration, onDone }: { integration: IntegrationView; onDone: () => void }) {
  const t = useT();
  const save = useSaveIntegration(integration.keyName);
  const keyField = useRef<HTMLInputElement>(null);
  // The form opens from "Add key": keyboard users continue in the key field.
  useEffect(() => keyField.current?.focus(), []);
  const form = useForm<IntegrationInput>({
    initialValues: { value: '', description: integration.note },
    validate: zodValidate(integrationSchema),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast('success', t('integrations.key.saved', { name: integration.name }));
        onDone();
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        form.setErrors(
          Object.keys(fields).length > 0 ? fields : { value: error instanceof ApiError ? error.message : '' },
        );
        toast('danger', error.message);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label={t('integrations.key.label', { name: integration.name })}
          description={t('integrations.key.hint')}
          autoComplete="off"
          ref={keyField}
          withAsterisk
          {...form.getInputProps('value')}
        />
        <TextInput
          label={t('integrations.key.note')}
          description={t('integrations.key.noteHint')}
          maxLength={300}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('integrations.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('integrations.key.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
