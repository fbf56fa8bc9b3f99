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

/**
 * Adds or replaces one key. The server checks it with the service before saving; a refused key shows the
 * refusal under the field and is not saved, so the key saved before stays in use.
 */
export function KeyForm({ integration, onDone }: { integration: IntegrationView; onDone: () => void }) {
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
        toast('success', `${integration.name} key saved.`);
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
          label={`${integration.name} API key`}
          description="Checked with the service before it is saved; shown afterwards only as its last four characters."
          autoComplete="off"
          ref={keyField}
          withAsterisk
          {...form.getInputProps('value')}
        />
        <TextInput
          label="Note"
          description="For yourself, e.g. which account this key belongs to."
          maxLength={300}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Check and save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
