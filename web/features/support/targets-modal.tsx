import { Alert, Button, Group, Modal, NumberInput, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type SupportSettings,
  supportSettingsSchema,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
} from '../../../common/contracts/support';
import { commitValidation, serverFieldErrors, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useSaveSupportSettings, useSupportSettings } from './api';
import { PriorityBadge } from './badges';

const KINDS = [
  { key: 'firstResponseHours', label: 'First response' },
  { key: 'resolutionHours', label: 'Resolution' },
] as const;

function TargetsForm({ settings, onDone }: { settings: SupportSettings; onDone: () => void }) {
  const save = useSaveSupportSettings();
  const form = useForm<SupportSettings>({
    mode: 'controlled',
    initialValues: settings,
    validate: zodValidate(supportSettingsSchema),
    ...commitValidation(),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.mutate(values, {
          onSuccess: () => {
            toast('success', 'Targets saved');
            onDone();
          },
          onError: (error) => {
            const fields = serverFieldErrors(error);
            if (Object.keys(fields).length > 0) form.setErrors(fields);
            else toast('danger', error.message);
          },
        }),
      )}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Hours from when a ticket is opened, by its priority. A ticket past either target counts as overdue
          and is shown in red in the queue.
        </Text>
        <Table verticalSpacing="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="28%">Priority</Table.Th>
              {KINDS.map((kind) => (
                <Table.Th key={kind.key}>{kind.label} (hours)</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TICKET_PRIORITIES.map((priority) => (
              <Table.Tr key={priority}>
                <Table.Td>
                  <PriorityBadge priority={priority} />
                </Table.Td>
                {KINDS.map((kind) => (
                  <Table.Td key={kind.key} style={{ verticalAlign: 'top' }}>
                    <NumberInput
                      aria-label={`${kind.label} target for ${TICKET_PRIORITY_LABELS[priority]} priority, in hours`}
                      min={0.25}
                      max={24 * 60}
                      // Out-of-range values stay as typed and get the schema's message, not a silent change.
                      clampBehavior="none"
                      step={1}
                      decimalScale={2}
                      {...form.getInputProps(`targets.${priority}.${kind.key}`)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save targets
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The first-response and resolution targets per priority (GET/PUT /api/admin/support/settings). */
export function TargetsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = useSupportSettings(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Response and resolution targets"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {settings.isError && <Alert color="red">{settings.error.message}</Alert>}
      {settings.isPending && <Skeleton h={200} />}
      {settings.data && opened && <TargetsForm settings={settings.data} onDone={onClose} />}
    </Modal>
  );
}
